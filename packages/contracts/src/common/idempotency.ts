/**
 * `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header Field"): the web client sends one per user action on
 * the writes a person repeats; a repeat within a day gets the first answer and writes nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** 8 to 128 characters of letters, digits and `_.:-` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const idempotencyMessages = {
  idempotencyKeyInvalid: 'Idempotency-Key 格式不正确（8-128 位字母、数字或 _.:-）',
  idempotencyKeyReused: '同一操作标识不能用于不同的内容，请刷新页面后重试',
  idempotencyInFlight: '该操作正在处理中，请勿重复提交',
};
