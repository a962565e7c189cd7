/**
 * SPEC §5: a frequent-number change is a create when there is only a new number, and an update
 * when there is also an old number. Both numbers have 9 digits (SPEC §9).
 */
export type FrequentNumberAction = { method: 'POST'; newNumber: string } | { method: 'PUT'; oldNumber: string; newNumber: string };

export const FREQUENT_NUMBER_LENGTH = 9;

export function frequentNumberAction(input: { oldNumber?: string | null; newNumber: string }): FrequentNumberAction {
  const oldNumber = input.oldNumber?.trim();
  return oldNumber ? { method: 'PUT', oldNumber, newNumber: input.newNumber.trim() } : { method: 'POST', newNumber: input.newNumber.trim() };
}

export function isFrequentNumber(value: string): boolean {
  return new RegExp(`^\\d{${FREQUENT_NUMBER_LENGTH}}$`).test(value);
}
