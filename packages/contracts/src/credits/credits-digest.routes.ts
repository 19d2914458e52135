import { envelopeSchema } from '../common/envelope';
import { creditDigestSettingsBodySchema, creditDigestSettingsSchema } from './credits-digest.schemas';

/** The weekly learning digest's SMS opt-in (personal accounts). */
export const creditDigestRoutes = {
  settings: {
    method: 'GET',
    path: '/api/credits/digest_settings',
    summary: '每周学习周报的短信提醒设置（个人账号）',
    response: envelopeSchema(creditDigestSettingsSchema),
  },
  saveSettings: {
    method: 'PUT',
    path: '/api/credits/digest_settings',
    summary: '开启或关闭每周学习周报短信提醒（站内消息始终发送）',
    body: creditDigestSettingsBodySchema,
    response: envelopeSchema(creditDigestSettingsSchema),
  },
} as const;
