/** The device insurance capability's public face (docs/decisions/015, 028): a line's insurances and their claims. */
export {
  checkClaim,
  deductibleRefusal,
  fileClaim,
  handOver,
  insuranceOverview,
  lineClaim,
  markDeductiblePaid,
  type ClaimInput,
  type TheftBlock,
} from './insurance.service.ts';
export { addLineInsurances, catalogueByIds, lineClaim as claimOfLine, lockClaim } from './insurance.repo.ts';
export type { Claim } from './insurance.repo.ts';
