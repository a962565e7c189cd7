/**
 * Insurance checkboxes on the equipment sale page (SPEC §3 "Insurance", §4 "Insurance selection").
 */

export interface InsuranceOption {
  id: string;
  enabled: boolean;
  checked: boolean;
  exclusions: string[];
}

/** Exclusion is symmetric: either side listing the other is enough for the two to conflict. */
function conflicts(a: InsuranceOption, b: InsuranceOption): boolean {
  return a.id !== b.id && (a.exclusions.includes(b.id) || b.exclusions.includes(a.id));
}

/**
 * Ticks or unticks one insurance and updates the others, without mutating the input.
 *
 * - Ticking an enabled option checks it, and disables and unticks every option it conflicts with.
 * - Ticking a disabled option, or an unknown id, changes nothing (the same array is returned).
 * - Unticking re-enables each option it conflicted with, unless another still-checked option also
 *   conflicts with it (two checked options excluding the same third keep it disabled until both are
 *   unticked).
 *
 * Only options the toggled one conflicts with are re-enabled, so an option the server sent disabled
 * for another reason stays disabled — unless it is also in the unticked option's exclusions, which
 * this state cannot tell apart.
 */
export function toggleInsurance<T extends InsuranceOption>(options: T[], id: string, checked: boolean): T[] {
  const target = options.find((o) => o.id === id);
  if (!target) return options;
  if (checked) {
    if (!target.enabled) return options;
    return options.map((o) => {
      if (o.id === id) return { ...o, checked: true };
      if (conflicts(target, o)) return { ...o, enabled: false, checked: false };
      return o;
    });
  }
  const stillChecked = options.filter((o) => o.checked && o.id !== id);
  return options.map((o) => {
    if (o.id === id) return { ...o, checked: false };
    if (conflicts(target, o) && !stillChecked.some((c) => conflicts(c, o))) return { ...o, enabled: true };
    return o;
  });
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/**
 * Gives an insurance from the catalogue its screen defaults: `insuranceValidity` (months) and
 * `eventsNumber` become numbers, 0 when not numeric (`'12'` → 12, `'12 meses'` → 0, since guessing at
 * prose could misstate coverage); `enabled` defaults to true and `checked` to false.
 */
export function normalizeInsurance<T extends { insuranceValidity?: unknown; eventsNumber?: unknown; enabled?: boolean; checked?: boolean }>(
  raw: T,
): T & { insuranceValidity: number; eventsNumber: number; enabled: boolean; checked: boolean } {
  return {
    ...raw,
    insuranceValidity: toNumber(raw.insuranceValidity),
    eventsNumber: toNumber(raw.eventsNumber),
    enabled: typeof raw.enabled === 'boolean' ? raw.enabled : true,
    checked: typeof raw.checked === 'boolean' ? raw.checked : false,
  };
}
