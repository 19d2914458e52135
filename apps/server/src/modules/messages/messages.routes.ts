import { messagesRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { createMessagesService } from './messages.service';

/** Message centre of the logged-in user. */
export const messagesModule: AppModule = (app, deps) => {
  const messages = createMessagesService(deps);
  const { guards } = deps;
  const opts = { tags: ['messages'], auth: guards.requireUser };

  defineRoute(
    app,
    messagesRoutes.list,
    async (request) => ok(await messages.list(userOf(request).id, request.query)),
    opts,
  );
  defineRoute(
    app,
    messagesRoutes.markRead,
    async (request) => ok(await messages.markRead(userOf(request).id, request.body)),
    opts,
  );
};
