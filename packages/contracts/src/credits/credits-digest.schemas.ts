import { z } from 'zod';
import { creditDigestMessages as m } from './credits-digest.rules';

/** GET/PUT /api/credits/digest_settings: whether the weekly learning digest also comes by SMS. */
export const creditDigestSettingsSchema = z.object({
  /** True: the weekly digest is also sent by SMS (the message centre always gets it). */
  sms: z.boolean(),
  /** The account's phone, masked (138****8000): where the SMS goes. */
  phone: z.string(),
});
export type CreditDigestSettings = z.infer<typeof creditDigestSettingsSchema>;

export const creditDigestSettingsBodySchema = z.object({ sms: z.boolean({ error: m.smsInvalid }) });
export type CreditDigestSettingsBody = z.input<typeof creditDigestSettingsBodySchema>;
