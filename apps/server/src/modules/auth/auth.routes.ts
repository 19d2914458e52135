import { authMessages, authRoutes, ok, usersRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { accountServices } from './account-services';

/** Accounts: SMS codes, register, the two logins, password reset and change, phone change, current user, logout. */
export const authModule: AppModule = (app, deps) => {
  const { auth } = accountServices(deps, app.log);
  const { guards } = deps;
  const tags = ['auth'];

  defineRoute(
    app,
    authRoutes.sendMsg,
    async (request) =>
      ok(
        await auth.sendCode({
          ...request.body,
          ip: request.ip,
          ...(request.user ? { userId: request.user.id } : {}),
        }),
        authMessages.smsSent,
      ),
    { tags, auth: guards.optionalUser },
  );

  defineRoute(
    app,
    authRoutes.register,
    async (request) => ok(await auth.register(request.body), authMessages.registerSuccess),
    {
      tags,
    },
  );

  defineRoute(
    app,
    authRoutes.accountLogin,
    async (request) => ok(await auth.accountLogin(request.body, request.ip), authMessages.loginSuccess),
    { tags },
  );

  defineRoute(
    app,
    authRoutes.codeLogin,
    async (request) => ok(await auth.codeLogin(request.body), authMessages.loginSuccess),
    {
      tags,
    },
  );

  defineRoute(
    app,
    authRoutes.forgetPassword,
    async (request) => {
      await auth.forgetPassword(request.body);
      return ok(null, authMessages.passwordResetSuccess);
    },
    { tags },
  );

  defineRoute(
    app,
    authRoutes.changePhone,
    async (request) =>
      ok(await auth.changePhone(userOf(request), request.body, request.ip), authMessages.phoneChanged),
    { tags, auth: guards.requireUser },
  );

  defineRoute(
    app,
    authRoutes.getCurrentUser,
    async (request) => ok(await auth.getCurrentUser(userOf(request).id)),
    {
      tags,
      auth: guards.requireUser,
    },
  );

  defineRoute(
    app,
    authRoutes.logout,
    async (request) => {
      await auth.logout(userOf(request));
      return ok(null, authMessages.logoutSuccess);
    },
    { tags, auth: guards.requireUser },
  );

  defineRoute(
    app,
    usersRoutes.changePassword,
    async (request) => {
      await auth.changePassword(userOf(request), request.body, request.ip);
      return ok(null, authMessages.passwordChanged);
    },
    { tags: ['users'], auth: guards.requireUser },
  );

  // The development outbox exists only outside production (it shows codes).
  if (deps.config.nodeEnv !== 'production') {
    defineRoute(app, authRoutes.devSmsOutbox, async (request) => ok(await auth.outbox(request.query.phone)), {
      tags: ['dev'],
    });
  }
};
