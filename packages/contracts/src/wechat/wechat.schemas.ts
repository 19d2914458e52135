import { z } from 'zod';
import { WECHAT_PURPOSES } from './wechat.rules';

/** A path on this site (the page to return to after WeChat): one leading '/', no scheme or host, no control chars. */
export const sameSitePathSchema = z
  .string()
  .max(1000)
  .refine(
    (v) => /^\/(?![/\\])/.test(v) && ![...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    '跳转地址无效',
  );

/** GET /api/wechat/config: whether WeChat is switched on for this site (nothing WeChat shows otherwise). */
export const wechatConfigDataSchema = z.object({
  enabled: z.boolean(),
  /** The official account's AppID (wx.config needs it); null when off. */
  app_id: z.string().nullable(),
  /** The development stand-in: its authorise page works in any browser (WeChat's only inside WeChat). */
  sandbox: z.boolean(),
});
export type WechatConfigData = z.infer<typeof wechatConfigDataSchema>;

/** Body of POST /api/wechat/oauth/authorize_url and query of GET /api/wechat/oauth/start. */
export const wechatStartSchema = z.object({
  purpose: z.enum(WECHAT_PURPOSES),
  /** Where to come back to; bind and pay return there, login goes there once signed in. */
  redirect: sameSitePathSchema.default('/'),
});
export type WechatStart = z.infer<typeof wechatStartSchema>;

export const wechatAuthorizeUrlDataSchema = z.object({
  /** The authorise page to open (location.assign). */
  url: z.string(),
});

/** GET /api/wechat/oauth/callback: what WeChat appends (`code` is absent when the user refused). */
export const wechatCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(256).optional(),
});

/** GET /api/wechat/binding: the signed-in account's WeChat. */
export const wechatBindingDataSchema = z.object({
  enabled: z.boolean(),
  bound: z.boolean(),
  /** WeChat nickname when the user granted it (snsapi_userinfo), else null. */
  nickname: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bound_at: z.string().nullable(),
});
export type WechatBindingData = z.infer<typeof wechatBindingDataSchema>;

/** POST /api/wechat/sign_in: the one-time ticket the callback handed to /login. */
export const wechatSignInBodySchema = z.object({
  ticket: z.string().min(1).max(128),
});

/** GET /api/wechat/js_config?url=: the page's full URL (its #fragment is dropped before signing). */
export const wechatJsConfigQuerySchema = z.object({
  url: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/, '请提供当前页面的完整网址'),
});

/** wx.config's signed fields (WeChat JS-SDK, appendix 1). */
export const wechatJsConfigDataSchema = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
  /**
   * The page's Open Graph title, description and image when it is a public page with a record of its own (course,
   * article ...); null otherwise (the page then shares its document title).
   */
  share: z
    .object({ title: z.string(), description: z.string(), image: z.string().nullable() })
    .nullable(),
});
export type WechatJsConfigData = z.infer<typeof wechatJsConfigDataSchema>;
