/** The leads capability's public face (docs/decisions/015): the lead-sync pass, for operations and tests. */
export { syncLeads } from './lead-sync.service.ts';
