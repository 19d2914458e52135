import { z } from 'zod';
import { defaultErrorMessages } from './errors';

/** Largest value of a PostgreSQL `integer` id column: a bigger number cannot name a record. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from a path, query or body (text is coerced): a whole number from 1 to MAX_RECORD_ID, otherwise
 * refused with `message` (a 400 with that message, never a database error on an out-of-range value).
 */
export const recordIdSchema = (message: string = defaultErrorMessages[404]) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_RECORD_ID, { error: message });
