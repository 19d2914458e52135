import type { FormInstance } from 'antd';
import {
  POSITION_LEVELS,
  SALARY_BANDS,
  STAR_LEVELS,
  UNIT_SIZES,
  dictLabel,
} from '@app/contracts/common/dictionaries';
import { EDUCATIONS, EXPERIENCES, type ApplicationStatus } from '@app/contracts/recruiting/recruiting.rules';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';

/** '河南省:郑州市,河南省:洛阳市' -> '郑州市、洛阳市' (a municipality shows once). */
export function cityText(citys: string | null | undefined): string {
  if (!citys) return '—';
  return citys
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split(':')[1] || pair.split(':')[0])
    .join('、');
}

export const starText = (star: number) => (star > 0 ? (dictLabel(STAR_LEVELS, star) ?? '') : '暂无星级');
export const levelText = (v: number) => dictLabel(POSITION_LEVELS, v) ?? '—';
export const unitSizeText = (v: number | null | undefined) => (v ? (dictLabel(UNIT_SIZES, v) ?? '—') : '—');
export const experienceText = (v: number) => EXPERIENCES.find((e) => e.value === v)?.label ?? '—';
export const educationText = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : (EDUCATIONS.find((e) => e.value === v)?.label ?? '—');
export const salaryBandText = (v: number) => SALARY_BANDS[v] ?? '—';
/** The disabled apply button of a post already applied to: 已投递 alone, or with how the company answered. */
export function appliedText(a: { status: ApplicationStatus; status_label: string }): string {
  if (a.status === 'sent') return '已投递';
  if (a.status === 'withdrawn') return a.status_label;
  return `已投递（${a.status_label}）`;
}
/** China-time YYYY-MM-DD of an instant (a plain YYYY-MM-DD as it is), or '—'. */
export const dateText = (iso: string | null | undefined) => chinaDate(iso, '—');
/** China-time YYYY-MM-DD HH:mm of an instant, or '—'. */
export const dateTimeText = (iso: string | null | undefined) => chinaDateTime(iso, '—');

/** Shows the server's field errors on the form; returns the message for a toast. */
export function applyServerErrors(form: FormInstance, err: unknown, fallback: string): string {
  if (!isApiError(err)) return fallback;
  const fields = (err.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  if (fields) {
    form.setFields(
      Object.entries(fields).map(([name, message]) => ({ name: name.split('.')[0]!, errors: [message] })),
    );
  }
  return err.message || fallback;
}
