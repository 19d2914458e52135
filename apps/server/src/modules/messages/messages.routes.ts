import { messagesRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { accountServices } from '../auth/account-services';
import { userOf } from '../auth/auth.guard';

/** Message centre of the logged-in user. */
export const messagesModule: AppModule = (app, deps) => {
  const { messages, guards } = accountServices(deps, app.log);
  const opts = { tags: ['messages'], preHandler: guards.requireUser };

  defineRoute(app, messagesRoutes.list, async (request) => ok(await messages.list(userOf(request).id, request.query)), opts);
  defineRoute(
    app,
    messagesRoutes.markRead,
    async (request) => ok(await messages.markRead(userOf(request).id, request.body)),
    opts,
  );
};
