import type { ExamType } from '@app/contracts/exams/exams.schemas';
import { FEE_MODE_LABELS } from '@app/contracts/exams/exams.rules';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';

/** China time (DECISIONS reading 19), so a server-rendered notice shows the same dates the browser draws. */
export const dateTime = (iso: string) => chinaDateTime(iso);
export const dateOnly = (iso: string) => chinaDate(iso);
export const yuan = (fen: number) => `${(fen / 100).toFixed(fen % 100 === 0 ? 0 : 2)}元`;

/** 免费 · 会员免费（非会员299元） · 680元. */
export function feeText(t: Pick<ExamType, 'fee_mode' | 'fee'>): string {
  if (t.fee_mode === 'free') return FEE_MODE_LABELS.free;
  if (t.fee_mode === 'member_free') return `会员免费（非会员${yuan(t.fee)}）`;
  return yuan(t.fee);
}

/** Remaining time as 时:分:秒 (hours omitted when zero, SPEC §9). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export const examPath = (attemptId: number) => `/exam/${attemptId}`;
export const EXAMINATION_PATH = '/center/examination';
export const noticePath = (typeName: string) => `/examNotice/${encodeURIComponent(typeName)}`;
