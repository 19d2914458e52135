/**
 * SPEC §5 rules without zod: one regex and one Chinese message each, and a check per field that gives the same
 * first message as its schema in rules.ts (rules.test.ts compares them). Screens drawn without antd (the login mode
 * of /login) check their fields with these, so zod is not evaluated on a visitor's first page.
 */
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

/** The first message for `value` (trimmed first when `trim`), or null when it passes. */
function check(
  value: string,
  trim: boolean,
  pattern: RegExp,
  required: string,
  invalid: string,
): string | null {
  const v = trim ? value.trim() : value;
  if (!v) return required;
  return pattern.test(v) ? null : invalid;
}

/** As phoneSchema: trimmed, required, SPEC §5 phone pattern. */
export const phoneError = (value: string) =>
  check(value, true, PHONE_REGEX, ruleMessages.phoneRequired, ruleMessages.phoneInvalid);

/** As passwordSchema: not trimmed, required, 8-16 word characters. */
export const passwordError = (value: string) =>
  check(value, false, PASSWORD_REGEX, ruleMessages.passwordRequired, ruleMessages.passwordInvalid);

/** As smsCodeSchema: trimmed, required, six digits. */
export const smsCodeError = (value: string) =>
  check(value, true, SMS_CODE_REGEX, ruleMessages.codeRequired, ruleMessages.codeInvalid);
