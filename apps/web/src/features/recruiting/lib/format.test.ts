import { describe, expect, it } from 'vitest';
import { maskedName, rangeMatchesBand, salaryText } from '@app/contracts/recruiting/recruiting.rules';
import { appliedText, cityText, dateText, dateTimeText } from './format';

describe('recruiting display rules', () => {
  it('says 已投递 once on an applied post, adding the company’s answer only when there is one', () => {
    expect(appliedText({ status: 'sent', status_label: '已投递' })).toBe('已投递');
    expect(appliedText({ status: 'viewed', status_label: '已查看' })).toBe('已投递（已查看）');
    expect(appliedText({ status: 'withdrawn', status_label: '已撤回' })).toBe('已撤回');
  });

  it('shows cities without provinces and a municipality once', () => {
    expect(cityText('河南省:郑州市,河南省:洛阳市')).toBe('郑州市、洛阳市');
    expect(cityText('北京市:北京市')).toBe('北京市');
    expect(cityText('')).toBe('—');
  });

  it('writes salary ranges the way job boards do', () => {
    expect(salaryText(9000, 15999)).toBe('9000-15999元/月');
    expect(salaryText(20000, 30000)).toBe('2万-3万元/月');
    // One unit for both ends.
    expect(salaryText(16000, 20999)).toBe('16000-20999元/月');
    expect(salaryText(40000, null)).toBe('4万元以上/月');
    expect(salaryText(0, 2999)).toBe('2999元以下/月');
  });

  it('matches a salary band when the ranges overlap', () => {
    expect(rangeMatchesBand(9000, 15999, 3)).toBe(true);
    expect(rangeMatchesBand(9000, 15999, 5)).toBe(false);
    expect(rangeMatchesBand(50000, null, 6)).toBe(true);
  });

  it('names a masked person by surname and title', () => {
    expect(maskedName('李娜', 1)).toBe('李女士');
    expect(maskedName('王磊', 0)).toBe('王先生');
    expect(maskedName('', 0)).toBe('求职者先生');
  });

  it('shows interview times in China time', () => {
    expect(dateTimeText('2026-11-28T02:00:00.000Z')).toBe('2026-11-28 10:00');
    expect(dateTimeText(null)).toBe('—');
  });

  it('dates an application made at 03:04 in Beijing on the 28th as the 28th, not the UTC day before', () => {
    expect(dateText('2026-11-27T19:04:00.000Z')).toBe('2026-11-28');
    expect(dateText('2026-11-27')).toBe('2026-11-27');
    expect(dateText(undefined)).toBe('—');
  });
});
