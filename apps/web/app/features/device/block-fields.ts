/** The query the block page is answered at after a block made without JavaScript: the block's id. */
export const BLOCKED_QUERY = 'bloqueo';

/** The phone chosen in the block form: one of the line's, or the IMEI typed for another. */
export const IMEI_FIELDS = { choice: 'imeiChoice', typed: 'imeiTyped', other: 'other' } as const;
