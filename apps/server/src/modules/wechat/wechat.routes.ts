import { z } from 'zod';
import { ok, wechatMessages, wechatRoutes } from '@app/contracts';
import type { AppModule, AppDeps } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { AppError } from '../../lib/app-error';
import { accountSignIn } from '../auth';
import { createSandboxWechatApi, createWechatHttpApi, SANDBOX_AUTHORIZE_PATH, type WechatApi } from './wechat-api';
import { createWechatCredentials } from './wechat-credentials';
import { CALLBACK_PATH, createWechatService, StateRefused, type OpenGraphSource } from './wechat.service';
import { sandboxAuthorizePage, stateRefusedPage } from './wechat.pages';

export interface WechatModuleOptions {
  /** Replaces the WeChat client (tests); by default the real one, or the stand-in in sandbox mode. */
  api?: (deps: AppDeps) => WechatApi;
  /** The Open Graph tags of public pages, repeated by the JS-SDK share (app.ts wires the web's public pages). */
  openGraph?: (deps: AppDeps) => OpenGraphSource;
}

function defaultApi(deps: AppDeps): WechatApi | null {
  const c = deps.config.wechat;
  if (c.mode === 'off') return null;
  return c.mode === 'sandbox' ? createSandboxWechatApi(c) : createWechatHttpApi(c);
}

/** WeChat official account: authorisation (bind, sign in, payer openid), binding in 账号设置, JS-SDK signing. */
export function createWechatModule(options: WechatModuleOptions = {}): AppModule {
  return (app, deps) => {
    const { guards, config } = deps;
    const api = config.wechat.mode === 'off' ? null : (options.api?.(deps) ?? defaultApi(deps));
    const service = createWechatService({
      db: deps.db,
      clock: deps.clock,
      api,
      credentials: api ? createWechatCredentials({ db: deps.db, clock: deps.clock, api }) : null,
      accounts: accountSignIn(deps, app.log),
      userInfo: config.wechat.mode !== 'off' && config.wechat.userInfo,
      publicBaseUrl: config.publicBaseUrl,
      log: app.log,
      openGraph: options.openGraph?.(deps),
    });
    const tags = ['wechat'];

    defineRoute(app, wechatRoutes.config, () => ok({ enabled: service.enabled(), app_id: service.appId(), sandbox: config.wechat.mode === 'sandbox' }), { tags });

    defineRoute(
      app,
      wechatRoutes.start,
      async (request, reply) => reply.redirect(await service.start(request.query, request.user), 302),
      { tags, auth: guards.optionalUser },
    );

    defineRoute(
      app,
      wechatRoutes.authorizeUrl,
      async (request) => ok({ url: await service.start(request.body, request.user) }),
      { tags, auth: guards.optionalUser },
    );

    defineRoute(
      app,
      wechatRoutes.callback,
      async (request, reply) => {
        try {
          return reply.header('cache-control', 'no-store').redirect(await service.callback(request.query), 302);
        } catch (err) {
          if (!(err instanceof StateRefused)) throw err;
          return reply
            .code(400)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(stateRefusedPage(err.message));
        }
      },
      { tags },
    );

    defineRoute(app, wechatRoutes.signIn, async (request) => ok(await service.signIn(request.body.ticket), '登录成功'), {
      tags,
    });

    defineRoute(app, wechatRoutes.binding, async (request) => ok(await service.binding(userOf(request).id)), {
      tags,
      auth: guards.requireUser,
    });

    defineRoute(
      app,
      wechatRoutes.unbind,
      async (request) => {
        await service.unbind(userOf(request).id);
        return ok(null, wechatMessages.unbound);
      },
      { tags, auth: guards.requireUser },
    );

    defineRoute(app, wechatRoutes.jsConfig, async (request) => ok(await service.jsConfig(request.query.url)), { tags });

    // The development stand-in of WeChat's authorise screen (the config refuses sandbox mode in production).
    if (config.wechat.mode === 'sandbox' && config.nodeEnv !== 'production') {
      const callbackUrl = `${config.publicBaseUrl}${CALLBACK_PATH}`;
      app.get(
        SANDBOX_AUTHORIZE_PATH,
        {
          schema: {
            hide: true,
            querystring: z.object({
              redirect_uri: z.string().max(2000),
              scope: z.enum(['snsapi_base', 'snsapi_userinfo']),
              state: z.string().max(256),
            }),
          },
        },
        async (request, reply) => {
          const q = request.query as { redirect_uri: string; scope: string; state: string };
          // Only our own callback: the stand-in must not become an open redirect.
          if (q.redirect_uri !== callbackUrl) throw AppError.badRequest(wechatMessages.redirectInvalid);
          return reply
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(sandboxAuthorizePage({ siteName: config.siteName, redirectUri: q.redirect_uri, scope: q.scope, state: q.state }));
        },
      );
    }
  };
}
