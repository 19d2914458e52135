import { describe, expect, it } from 'vitest';
import { fieldError, passwordSchema, phoneSchema, ruleMessages, zodFieldValidator } from './rules';

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
});
