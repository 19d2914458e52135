import type { FastifyInstance } from 'fastify';
import { unstorableTextMessage } from '@app/contracts';
import { AppError } from '../lib/app-error';
import { findUnstorableText } from '../lib/storable-text';

/**
 * One rule for every string the API accepts: a path parameter, query parameter or JSON body (keys included) holding
 * U+0000 or a lone surrogate is refused with a 400 naming the field, before validation and before any handler, for
 * every route registered after it (new ones included). Multipart fields are read by their handler; the error
 * handler's mapping of PostgreSQL data exceptions to 400 is the second line for them.
 */
export function registerInputTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      findUnstorableText(request.params, '') ??
      findUnstorableText(request.query, '') ??
      findUnstorableText(request.body, '');
    if (field !== null) {
      const name = field || 'body';
      const message = unstorableTextMessage(name);
      throw AppError.badRequest(message, { [name]: message });
    }
  });
}
