/**
 * The numbering plan's block of numbers this operator may give (SUBTEL's in Chile, OSIPTEL's in Peru):
 * which of them are free to offer a customer changing numbers.
 */
export interface NumberingPort {
  /** Up to `count` free numbers of the operator's block, none of `skip` (numbers held or in use here). */
  free(count: number, skip: ReadonlySet<string>): Promise<string[]>;
}
