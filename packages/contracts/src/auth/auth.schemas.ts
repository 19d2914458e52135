import { z } from 'zod';
import { passwordSchema, phoneSchema, smsCodeSchema } from '../common/rules';
import { currentUserSchema, roleSchema } from '../users/users.schemas';
import { authMessages, COMPANY_NAME_MAX_LENGTH } from './auth.rules';
import { isValidCreditCode } from './credit-code';

export const SMS_PURPOSES = ['register', 'login', 'reset', 'change_phone'] as const;
/**
 * What a code may be used for; a code only works for the purpose (and phone) it was sent for.
 * register: phone must be unregistered; reset: phone must be registered; login: any phone (a code login of an
 * unregistered phone creates a personal account); change_phone: needs a token; the phone is either the
 * account's own (old) phone or an unregistered (new) one.
 */
export const smsPurposeSchema = z.enum(SMS_PURPOSES, { error: authMessages.purposeInvalid });
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

/** Unified social credit code: trimmed, upper-cased, 18 characters with a valid check character. */
export const creditCodeSchema = z
  .string({ error: authMessages.creditCodeRequired })
  .trim()
  .toUpperCase()
  .min(1, authMessages.creditCodeRequired)
  .refine(isValidCreditCode, authMessages.creditCodeInvalid);

export const companyNameSchema = z
  .string({ error: authMessages.companyNameRequired })
  .trim()
  .min(1, authMessages.companyNameRequired)
  .max(COMPANY_NAME_MAX_LENGTH, authMessages.companyNameTooLong);

/** POST /api/users/send_msg */
export const sendMsgBodySchema = z.object({
  phone: phoneSchema,
  purpose: smsPurposeSchema,
});
export type SendMsgBody = z.infer<typeof sendMsgBodySchema>;

export const sendMsgDataSchema = z.object({
  /** Seconds the code stays valid (300). */
  expires_in: z.number().int(),
  /** Seconds before another code may be requested for this phone (60). */
  resend_after: z.number().int(),
});
export type SendMsgData = z.infer<typeof sendMsgDataSchema>;

/**
 * POST /api/users/register. `company_name` and `credit_code` are required when `role` is company and ignored
 * otherwise. Registration logs the new account in.
 */
export const registerBodySchema = z
  .object({
    phone: phoneSchema,
    /** Code sent with purpose `register`. */
    code: smsCodeSchema,
    password: passwordSchema,
    role: roleSchema.default('personal'),
    company_name: z.string().optional(),
    credit_code: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.role !== 'company') return;
    const name = companyNameSchema.safeParse(body.company_name ?? '');
    if (!name.success) ctx.addIssue({ code: 'custom', path: ['company_name'], message: name.error.issues[0]!.message });
    const credit = creditCodeSchema.safeParse(body.credit_code ?? '');
    if (!credit.success) ctx.addIssue({ code: 'custom', path: ['credit_code'], message: credit.error.issues[0]!.message });
  })
  .transform((body) =>
    body.role === 'company'
      ? { ...body, company_name: body.company_name!.trim(), credit_code: body.credit_code!.trim().toUpperCase() }
      : { ...body, company_name: undefined, credit_code: undefined },
  );
/** What the web sends. */
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /api/users/account_login */
export const accountLoginBodySchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '请输入密码'),
});
export type AccountLoginBody = z.infer<typeof accountLoginBodySchema>;

/** POST /api/users/code_login: a code sent with purpose `login`; an unregistered phone gets a personal account. */
export const codeLoginBodySchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
});
export type CodeLoginBody = z.infer<typeof codeLoginBodySchema>;

/** Answer of register, account_login and code_login: the new session token (send it in the `token` header). */
export const loginDataSchema = z.object({
  token: z.string(),
  user: currentUserSchema,
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** POST /api/users/forget_passwrod (spelled so): a code sent with purpose `reset`. Ends every session. */
export const forgetPasswordBodySchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
});
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBodySchema>;

/**
 * POST /api/users/change_phone (login required). Proof of the account: `password`, or `old_code` sent to the
 * current phone with purpose `change_phone`. `new_code` is sent to `new_phone` with purpose `change_phone`.
 */
export const changePhoneBodySchema = z
  .object({
    new_phone: phoneSchema,
    new_code: smsCodeSchema,
    password: z.string().max(128).optional(),
    old_code: smsCodeSchema.optional(),
  })
  .refine((b) => (b.password ?? '') !== '' || b.old_code !== undefined, {
    path: ['password'],
    message: authMessages.phoneChangeProofRequired,
  });
export type ChangePhoneBody = z.infer<typeof changePhoneBodySchema>;

export const changePhoneDataSchema = z.object({ phone: z.string() });

/** `data` of calls that answer nothing (logout, password change). */
export const nullDataSchema = z.null();

/** GET /api/dev/sms_outbox?phone= (development only, never registered in production). */
export const smsOutboxQuerySchema = z.object({ phone: phoneSchema });
export const smsOutboxItemSchema = z.object({
  phone: z.string(),
  purpose: z.string(),
  /** The text as the user would receive it, code included. */
  content: z.string(),
  created_at: z.string(),
});
export const smsOutboxDataSchema = z.array(smsOutboxItemSchema);
export type SmsOutboxItem = z.infer<typeof smsOutboxItemSchema>;
