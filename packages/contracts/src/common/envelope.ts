import { z } from 'zod';

/** Every API response is `{ code, message, data }`; `code` 200 means success (SPEC §7). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;

/** Builds the zod schema of an envelope around a data schema, for route response declarations. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data,
  });
}

/** Shape of `data` on a 400 answer: one Chinese message per bad field (dotted path). */
export const fieldErrorsDataSchema = z.object({
  fieldErrors: z.record(z.string(), z.string()),
});
export type FieldErrorsData = z.infer<typeof fieldErrorsDataSchema>;

export function ok<T>(data: T, message = '操作成功'): Envelope<T> {
  return { code: SUCCESS_CODE, message, data };
}
