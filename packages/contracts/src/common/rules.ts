import { z } from 'zod';

/** SPEC §5 rules: one regex and one Chinese message each, used by forms and by the server. */
export const PHONE_REGEX = /^1[2-9]\d{9}$/;
export const ID_CARD_REGEX = /^(\d{15}|\d{18}|\d{17}[\dXx])$/;
export const PASSWORD_REGEX = /^\w{8,16}$/;
export const SMS_CODE_REGEX = /^\d{6}$/;

export const ruleMessages = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '手机号格式不正确',
  idCardRequired: '请输入身份证号',
  idCardInvalid: '身份证号格式不正确',
  passwordRequired: '请输入密码',
  passwordInvalid: '请输入8-16位由数字、字母、下划线组成的密码',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码为6位数字',
} as const;

export const phoneSchema = z
  .string({ error: ruleMessages.phoneRequired })
  .trim()
  .min(1, ruleMessages.phoneRequired)
  .regex(PHONE_REGEX, ruleMessages.phoneInvalid);

export const idCardSchema = z
  .string({ error: ruleMessages.idCardRequired })
  .trim()
  .min(1, ruleMessages.idCardRequired)
  .regex(ID_CARD_REGEX, ruleMessages.idCardInvalid);

export const passwordSchema = z
  .string({ error: ruleMessages.passwordRequired })
  .min(1, ruleMessages.passwordRequired)
  .regex(PASSWORD_REGEX, ruleMessages.passwordInvalid);

export const smsCodeSchema = z
  .string({ error: ruleMessages.codeRequired })
  .trim()
  .min(1, ruleMessages.codeRequired)
  .regex(SMS_CODE_REGEX, ruleMessages.codeInvalid);

/** A field's first Chinese message under a schema, or null when the value passes. Forms and server say the same text. */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value ?? '');
  return result.success ? null : (result.error.issues[0]?.message ?? '输入有误');
}

/** Runs a zod schema as an antd Form rule validator: resolves on success, rejects with the first Chinese message. */
export function zodFieldValidator(schema: z.ZodType) {
  return async (_rule: unknown, value: unknown): Promise<void> => {
    const message = fieldError(schema, value);
    if (message) throw new Error(message);
  };
}
