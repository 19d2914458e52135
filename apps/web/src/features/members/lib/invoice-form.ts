import type { FormRule } from 'antd';
import {
  createInvoiceBodySchema,
  isValidCreditCode,
  membersMessages,
  specialInvoiceFieldError,
  type CreateInvoiceBody,
  type InvoiceKind,
  type InvoiceTitleType,
  type SpecialInvoiceField,
} from '@app/contracts';

/** The demand-invoice form's values; the amount is in yuan as typed (the API takes fen). */
export interface InvoiceFormValues {
  title_type: InvoiceTitleType;
  title: string;
  tax_no?: string;
  invoice_kind: InvoiceKind;
  reg_address?: string;
  reg_phone?: string;
  bank_name?: string;
  bank_account?: string;
  email: string;
  amount_yuan: number | null;
}

export function toInvoiceBody(orderId: number, v: Partial<InvoiceFormValues>): CreateInvoiceBody {
  const special = v.invoice_kind === 'special';
  return {
    order_id: orderId,
    title_type: v.title_type ?? 'personal',
    title: v.title ?? '',
    tax_no: v.title_type === 'company' ? (v.tax_no ?? '') : null,
    invoice_kind: special ? 'special' : 'normal',
    // The server normalises them (trimmed, the account's spaces removed); a normal invoice sends none.
    ...(special
      ? { reg_address: v.reg_address ?? '', reg_phone: v.reg_phone ?? '', bank_name: v.bank_name ?? '', bank_account: v.bank_account ?? '' }
      : {}),
    email: v.email ?? '',
    ...(v.amount_yuan == null ? {} : { amount: Math.round(v.amount_yuan * 100) }),
  };
}

/**
 * An antd rule that runs the server's own schema (createInvoiceBodySchema) on the whole form and reports the
 * issue for `field`: the form and the API say the same words (company tax number = unified social credit code).
 */
export function schemaRule(field: 'title' | 'email' | 'title_type'): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const values = getFieldsValue(true) as Partial<InvoiceFormValues>;
      const result = createInvoiceBodySchema.safeParse(toInvoiceBody(1, values));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** Amount in yuan: above zero and at most what was paid (fen). */
export function amountRules(paidFen: number): FormRule[] {
  return [
    { required: true, message: membersMessages.amountRequired },
    {
      validator: async (_r, value: number | null) => {
        if (value == null) return;
        const fen = Math.round(value * 100);
        if (fen <= 0) throw new Error(membersMessages.amountInvalid);
        if (fen > paidFen) throw new Error(membersMessages.amountTooHigh);
      },
    },
  ];
}

/**
 * Company tax number: the schema checks it in a refinement that zod runs only once every other field is valid, so
 * the field checks it itself, with the same validator and words (GB 32100 unified social credit code).
 */
export const taxNoRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    const code = (value ?? '').trim().toUpperCase();
    if (!code) throw new Error(membersMessages.taxNoRequired);
    if (!isValidCreditCode(code)) throw new Error(membersMessages.taxNoInvalid);
  },
};

/**
 * A special invoice's detail (注册地址, 注册电话, 开户银行, 银行账号): checked by the contracts' own function, which the
 * body schema's refinement also calls, so the field and the server say the same words.
 */
export function specialFieldRule(field: SpecialInvoiceField): FormRule {
  return {
    validator: async (_r, value: string | undefined) => {
      const message = specialInvoiceFieldError(field, value);
      if (message) throw new Error(message);
    },
  };
}
