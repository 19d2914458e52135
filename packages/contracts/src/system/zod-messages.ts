import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

const FORMAT_LABELS: Record<string, string> = {
  email: '邮箱',
  url: '网址',
  uuid: 'UUID',
  datetime: '日期时间',
  date: '日期',
  time: '时间',
};

function sizeUnit(origin: unknown): string {
  if (origin === 'string') return '个字符';
  if (origin === 'array' || origin === 'set' || origin === 'map') return '项';
  if (origin === 'file') return '字节';
  return '';
}

/**
 * Plain Simplified Chinese for zod issues whose schema gave no message of its own (zod's defaults are English
 * and technical). Install once per process with `z.config({ customError: zhErrorMessage })`; a message written
 * in a schema still wins.
 */
export function zhErrorMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '此项为必填项' : '格式不正确';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '此项为必填项' : `至少需要${min}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? '请至少选择一项' : `至少需要${min}项`;
      if (issue.origin === 'date') return '日期太早';
      return issue.inclusive ? `不能小于${min}` : `必须大于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const unit = sizeUnit(issue.origin);
      if (unit) return `最多${max}${unit}`;
      if (issue.origin === 'date') return '日期太晚';
      return issue.inclusive ? `不能大于${max}` : `必须小于${max}`;
    }
    case 'invalid_format':
      return `${FORMAT_LABELS[issue.format] ?? ''}格式不正确`;
    case 'invalid_value':
      return '选项无效';
    case 'not_multiple_of':
      return `必须是${String(issue.divisor)}的倍数`;
    case 'unrecognized_keys':
      return `包含无法识别的字段：${issue.keys.join('、')}`;
    default:
      return '格式不正确';
  }
}
