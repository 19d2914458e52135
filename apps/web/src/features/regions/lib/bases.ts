import { LEARNING_BASES } from '@app/contracts/common/dictionaries';
import { learningBaseName } from '@/shared/lib/region';

/** 河南学习基地 from `henan`. */
export const baseName = (code: string): string => learningBaseName(LEARNING_BASES[code] ?? code);

/** `?base=` of a link when it names one of the six bases, else undefined. */
export function knownBase(code: string | null | undefined): string | undefined {
  return code && Object.prototype.hasOwnProperty.call(LEARNING_BASES, code) ? code : undefined;
}
