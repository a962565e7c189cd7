/** The coverage capability's public face (docs/decisions/015). */
export { assertCovered } from './coverage.service.ts';
export { coverageOfArea } from './coverage.service.ts';
