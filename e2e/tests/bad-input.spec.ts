import { connect } from 'node:net';
import { test, expect } from './fixtures.ts';

/** Sends raw bytes on a new connection and answers everything the server wrote before closing it (the requests ask it to close). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const status = (answer: string) => Number(answer.slice(9, 12));

/** What a client that is not a browser can send to the served site (issue 10 §3). */
test.describe('malformed requests to the running site', () => {
  test('a page asked for with an odd Host, or none, renders; a protocol-relative path with a bad port leaves the server serving', async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    for (const host of ['a b', '[', '', '127.0.0.1:abc']) {
      const answer = await raw(port, `GET /lista-productos HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(status(answer), `Host: ${host}`).toBe(200);
      expect(answer).toContain('<!DOCTYPE html>');
    }
    const noHost = await raw(port, 'GET /lista-productos HTTP/1.0\r\n\r\n');
    expect(status(noHost)).toBe(200);
    expect(noHost).toContain('<!DOCTYPE html>');

    expect(status(await raw(port, 'GET //x:99999 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'))).toBe(404);
    expect(status(await raw(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'))).toBe(200);
  });
});
