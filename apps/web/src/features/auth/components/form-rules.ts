import type { FormRule } from 'antd';
import {
  companyNameSchema,
  creditCodeSchema,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
  zodFieldValidator,
} from '@app/contracts';

/** SPEC §5 rules as antd rules; the zod schemas are the server's, so both say the same words. */
export const phoneRules: FormRule[] = [{ validator: zodFieldValidator(phoneSchema) }];
export const passwordRules: FormRule[] = [{ validator: zodFieldValidator(passwordSchema) }];
export const smsCodeRules: FormRule[] = [{ validator: zodFieldValidator(smsCodeSchema) }];
export const creditCodeRules: FormRule[] = [{ validator: zodFieldValidator(creditCodeSchema) }];
export const companyNameRules: FormRule[] = [{ validator: zodFieldValidator(companyNameSchema) }];

export const CONFIRM_MISMATCH = '两次输入的密码不一致';

/** "确认密码" must equal the field `field`. */
export function confirmPasswordRules(field = 'password'): FormRule[] {
  return [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: async (_rule, value) => {
        if (value && value !== getFieldValue(field)) throw new Error(CONFIRM_MISMATCH);
      },
    }),
  ];
}

/** SPEC §5: validate on blur and on change. */
export const VALIDATE_TRIGGER = ['onBlur', 'onChange'];
