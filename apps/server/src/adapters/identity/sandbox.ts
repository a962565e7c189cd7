import type { Market } from '@andes/domain/market';
import type { IdentityValidationPort } from './port.ts';

/**
 * Sandbox bureau (docs/sandbox.md): it asks what the holder reads on their own document, the last
 * two and the first two digits of its number; a number ending in 0 has no record.
 */
function options(right: string, salt: number): Array<{ id: string; text: string }> {
  const values = new Set([right]);
  for (let step = 1; values.size < 4; step++) values.add(String((Number(right) + step * (17 + salt)) % 100).padStart(2, '0'));
  // the right answer's position depends on the number, not always first
  const list = [...values].sort((a, b) => ((Number(a) * 7 + salt) % 11) - ((Number(b) * 7 + salt) % 11) || a.localeCompare(b));
  return list.map((text) => ({ id: `o${text}`, text }));
}

export function sandboxIdentity(market: Market): IdentityValidationPort {
  const label = market.document.kind === 'rut' ? 'RUT' : 'DNI';
  return {
    async questions(document) {
      const body = document.split('-')[0]!.replace(/\D/g, '');
      if (body.length < 4 || body.endsWith('0')) return null;
      const last = body.slice(-2);
      const first = body.slice(0, 2);
      const questions = [
        { id: 'q1', text: `¿Cuáles son los dos últimos dígitos del número de tu ${label}?`, options: options(last, 1) },
        { id: 'q2', text: `¿Cuáles son los dos primeros dígitos del número de tu ${label}?`, options: options(first, 2) },
      ];
      return { questions, expected: { q1: `o${last}`, q2: `o${first}` } };
    },
  };
}
