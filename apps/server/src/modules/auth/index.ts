/** The auth capability's public face (docs/decisions/015): the counting rule's throttles other capabilities' flows count with. */
export { MINUTE, perAddress, takeCodeSend, takeOrRefuse, type Counter } from './throttle.service.ts';
