import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import { loginDataSchema } from '../auth/auth.schemas';
import {
  wechatAuthorizeUrlDataSchema,
  wechatBindingDataSchema,
  wechatCallbackQuerySchema,
  wechatConfigDataSchema,
  wechatJsConfigDataSchema,
  wechatJsConfigQuerySchema,
  wechatSignInBodySchema,
  wechatStartSchema,
} from './wechat.schemas';

/**
 * WeChat official-account web authorisation (bind, sign in, payer openid) and JS-SDK signing. With WeChat off
 * (the default) every endpoint but `config` answers 404 本站未开通微信功能.
 */
export const wechatRoutes = {
  config: {
    method: 'GET',
    path: '/api/wechat/config',
    summary: '微信功能是否开通（公众号 AppID）',
    response: envelopeSchema(wechatConfigDataSchema),
  },
  start: {
    method: 'GET',
    path: '/api/wechat/oauth/start',
    summary: '开始微信网页授权：302 跳转到微信授权页（绑定与支付需登录，可带 token 头）',
    query: wechatStartSchema,
    response: envelopeSchema(z.null()),
  },
  authorizeUrl: {
    method: 'POST',
    path: '/api/wechat/oauth/authorize_url',
    summary: '开始微信网页授权：返回微信授权页地址（页面带 token 头调用后跳转）',
    body: wechatStartSchema,
    response: envelopeSchema(wechatAuthorizeUrlDataSchema),
  },
  callback: {
    method: 'GET',
    path: '/api/wechat/oauth/callback',
    summary: '微信网页授权回调：核对 state，换取 openid，按用途绑定、登录或记录支付身份后跳回页面',
    query: wechatCallbackQuerySchema,
    response: envelopeSchema(z.null()),
  },
  signIn: {
    method: 'POST',
    path: '/api/wechat/sign_in',
    summary: '用微信授权回调给出的一次性凭据登录（顶掉该账号在其他地方的登录）',
    body: wechatSignInBodySchema,
    response: envelopeSchema(loginDataSchema),
  },
  binding: {
    method: 'GET',
    path: '/api/wechat/binding',
    summary: '当前账号的微信绑定（需登录）',
    response: envelopeSchema(wechatBindingDataSchema),
  },
  unbind: {
    method: 'DELETE',
    path: '/api/wechat/binding',
    summary: '解除微信绑定（需登录）',
    response: envelopeSchema(z.null()),
  },
  jsConfig: {
    method: 'GET',
    path: '/api/wechat/js_config',
    summary: 'JS-SDK 配置签名（wx.config：appId、timestamp、nonceStr、signature）',
    query: wechatJsConfigQuerySchema,
    response: envelopeSchema(wechatJsConfigDataSchema),
  },
} as const;
