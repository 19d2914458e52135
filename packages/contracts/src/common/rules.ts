import { z } from 'zod';
import { ID_CARD_REGEX, PASSWORD_REGEX, PHONE_REGEX, SMS_CODE_REGEX, ruleMessages } from './rule-patterns';

/** SPEC §5 rules as zod schemas, used by forms and by the server; their regexes and messages are in rule-patterns.ts. */
export * from './rule-patterns';

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
