import { localParts } from '@andes/domain/callback';

/** An instant's clock time (HH:MM) in the market's zone. */
export function clockInZone(at: string, timeZone: string): string {
  const m = localParts(new Date(at), timeZone).minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
