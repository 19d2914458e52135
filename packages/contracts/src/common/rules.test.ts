import { describe, expect, it } from 'vitest';
import {
  fieldError,
  passwordError,
  passwordSchema,
  phoneError,
  phoneSchema,
  ruleMessages,
  smsCodeError,
  smsCodeSchema,
  zodFieldValidator,
} from './rules';

describe('field rule messages', () => {
  it('give the first Chinese message of a failing value, the required one for an absent value', () => {
    expect(fieldError(phoneSchema, undefined)).toBe(ruleMessages.phoneRequired);
    expect(fieldError(phoneSchema, '   ')).toBe(ruleMessages.phoneRequired);
    expect(fieldError(phoneSchema, '11234567890')).toBe(ruleMessages.phoneInvalid);
    expect(fieldError(passwordSchema, 'short')).toBe(ruleMessages.passwordInvalid);
  });

  it('give null for a passing value, trimming where the schema trims', () => {
    expect(fieldError(phoneSchema, ' 13912345678 ')).toBeNull();
    expect(fieldError(passwordSchema, 'abc_12345')).toBeNull();
  });

  it('reject an antd validator with the same message as fieldError', async () => {
    const validate = zodFieldValidator(phoneSchema);
    await expect(validate(null, '123')).rejects.toThrow(ruleMessages.phoneInvalid);
    await expect(validate(null, '13912345678')).resolves.toBeUndefined();
  });

  it('give the same first message without zod (rule-patterns) as with the schemas', () => {
    const inputs = [
      '',
      '   ',
      '1',
      '13912345678',
      ' 13912345678 ',
      '11234567890',
      '139123456789',
      'abc_12345',
      ' abc_12345',
      'short',
      'a'.repeat(17),
      '123456',
      ' 123456 ',
      '12345a',
      '1234567',
    ];
    for (const v of inputs) {
      expect(phoneError(v), `phone ${JSON.stringify(v)}`).toBe(fieldError(phoneSchema, v));
      expect(passwordError(v), `password ${JSON.stringify(v)}`).toBe(fieldError(passwordSchema, v));
      expect(smsCodeError(v), `code ${JSON.stringify(v)}`).toBe(fieldError(smsCodeSchema, v));
    }
  });
});
