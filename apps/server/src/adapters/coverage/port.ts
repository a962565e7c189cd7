import type { CoverageAnswer, CoverageArea } from '@andes/domain/coverage-rules';

/** The network's coverage / feasibility system (ARCHITECTURE §5): is this commune (district) served? */
export interface CoveragePort {
  check(area: CoverageArea): Promise<CoverageAnswer>;
}
