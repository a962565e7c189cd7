import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY: how many proxies stand in front of the server (0 = none), or their addresses. */
export type TrustProxy = number | readonly string[];

/**
 * Reads TRUST_PROXY: a hop count (`1` behind one load balancer) or a comma-separated list of proxy
 * addresses and CIDR ranges (`10.0.0.0/8,192.0.2.7`). `true` is refused: it would take the leftmost
 * X-Forwarded-For entry as the client, and the client writes that entry.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return 0;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error('true would trust any X-Forwarded-For a client writes: give the number of proxies in front (e.g. 1) or their addresses');
  }
  const addresses = text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    throw new Error(`not a hop count or a list of proxy addresses (${error instanceof Error ? error.message : error})`);
  }
  return addresses;
}

/**
 * Whether the address `hop` steps from the server is a proxy we trust: the socket's peer is hop 0,
 * then each X-Forwarded-For entry from the right. The client's address is the first untrusted one,
 * so a client can prepend whatever it likes without becoming someone else.
 */
export function proxyTrust(setting: TrustProxy): (address: string, hop: number) => boolean {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile([...setting]);
}
