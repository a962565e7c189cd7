/** The lead appointment page, and the page its SMS link opens (`/cita/<token>`). */
export const APPOINTMENT_PATH = '/personas/agenda-llamada';
