/** The smart line capability's public face (docs/decisions/015, 028): the line's number on a smartwatch. */
export { addSmartLine, assertCanAdd, removeSmartLine, smartLineOverview } from './smart-line.service.ts';
