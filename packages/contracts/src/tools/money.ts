/**
 * Money for the finance tools: amounts are integer fen (1 元 = 100 分); every multiplication by a rate goes
 * through decimal.js and is rounded half up to the fen once, where the rule says the amount is fixed.
 */
import DecimalBase from 'decimal.js';

/** Decimal with 40 significant digits and half-up rounding (四舍五入), used for every rate product. */
export const D = DecimalBase.clone({ precision: 40, rounding: DecimalBase.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

/** Rounds a fen amount held as a Decimal to an integer fen, half up. */
export function toFen(v: Dec | number): number {
  return new D(v).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
}

/** fen × rate (a decimal fraction such as 0.03 or a Decimal), rounded half up to the fen. */
export function mulRate(fen: number, rate: Dec | number | string): number {
  return toFen(new D(fen).mul(rate));
}

/** A percentage given in the rules as a string ("3", "0.5") as a fraction Decimal. */
export function pct(p: string | number | Dec): Dec {
  return new D(p).div(100);
}

/** 12345 -> "123.45"; -5 -> "-0.05"; with thousands separators: "12,345.67". */
export function fenToYuan(fen: number, grouped = true): string {
  const neg = fen < 0;
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const y = grouped ? yuan.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : yuan.toString();
  return `${neg ? '-' : ''}${y}.${cents}`;
}

/** ¥ and two decimals, for results. */
export function yuan(fen: number): string {
  return `${fenToYuan(fen)} 元`;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MONEY_RE = /^\d+(\.\d{1,2})?$/;
const SIGNED_MONEY_RE = /^-?\d+(\.\d{1,2})?$/;
/** The largest amount a tool accepts: 1 万亿元 (keeps every fen product exact in a double). */
export const MAX_AMOUNT_FEN = 100_000_000_000_000;

/**
 * Parses a non-negative yuan amount typed by a user ("12,000.5" is refused: no separators) into fen.
 * Messages are the ones shown next to the field.
 */
export function parseYuan(raw: string | undefined, label: string, opts: { signed?: boolean; required?: boolean } = {}): Parsed<number> {
  const s = (raw ?? '').trim();
  if (s === '') {
    if (opts.required === false) return { ok: true, value: 0 };
    return { ok: false, message: `请输入${label}` };
  }
  if (!/^-?[\d.]+$/.test(s)) return { ok: false, message: `${label}必须是数字` };
  if (!opts.signed && s.startsWith('-')) return { ok: false, message: `${label}不能为负数` };
  if (!(opts.signed ? SIGNED_MONEY_RE : MONEY_RE).test(s)) {
    if (/\.\d{3,}$/.test(s)) return { ok: false, message: `${label}最多保留两位小数` };
    return { ok: false, message: `${label}必须是数字` };
  }
  const fen = new D(s).mul(100).toNumber();
  if (Math.abs(fen) > MAX_AMOUNT_FEN) return { ok: false, message: `${label}超出可计算范围` };
  return { ok: true, value: fen };
}

/** A rate in percent, e.g. "4.9" (0 to max, at most 4 decimals). */
export function parsePercent(raw: string | undefined, label: string, max = 100, min = 0): Parsed<Dec> {
  const s = (raw ?? '').trim();
  if (s === '') return { ok: false, message: `请输入${label}` };
  if (!/^-?\d+(\.\d+)?$/.test(s)) return { ok: false, message: `${label}必须是数字` };
  if (/\.\d{5,}$/.test(s)) return { ok: false, message: `${label}最多保留四位小数` };
  const v = new D(s);
  if (v.lt(min)) return { ok: false, message: min === 0 ? `${label}不能为负数` : `${label}不能小于${min}%` };
  if (v.gt(max)) return { ok: false, message: `${label}不能超过${max}%` };
  return { ok: true, value: v.div(100) };
}

/** A whole number within [min, max]. */
export function parseInteger(raw: string | undefined, label: string, min: number, max: number): Parsed<number> {
  const s = (raw ?? '').trim();
  if (s === '') return { ok: false, message: `请输入${label}` };
  if (!/^-?\d+$/.test(s)) return { ok: false, message: `${label}必须是整数` };
  const v = Number(s);
  if (v < min || v > max) return { ok: false, message: `${label}应在${min}至${max}之间` };
  return { ok: true, value: v };
}
