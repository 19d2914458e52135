import type { AnswerValue } from '@app/contracts';
import type { ClipboardEvent, MouseEvent } from 'react';

/** Whether a draft answer counts as answered: a chosen option, a judgement, or text that is not blank. */
export const answered = (a: AnswerValue | null | undefined) =>
  a !== null &&
  a !== undefined &&
  (Array.isArray(a) ? a.length > 0 : typeof a === 'string' ? a.trim() !== '' : true);

/** Cancels copy, cut, paste and the context menu on the paper and in its answer fields. */
export const block = (e: ClipboardEvent | MouseEvent) => e.preventDefault();
