import { describe, expect, it } from 'vitest';
import {
  birthdayProblem,
  computeRadar,
  joinCitys,
  maskIdNumber,
  splitCitys,
  splitList,
  talentMessages,
  withinTargetLimit,
} from './talent.rules';

const NOW = new Date('2025-01-01T08:00:00+08:00');

describe('birthdayProblem', () => {
  it('refuses a date after now - 8,640,000 ms, an age under 16 and an impossible date', () => {
    expect(birthdayProblem('2025-01-02', NOW)).toBe(talentMessages.birthdayInFuture);
    // 2025-01-01 00:00 China time is 8 h before NOW, earlier than the 2.4 h cutoff, so only the age rule refuses it.
    expect(birthdayProblem('2025-01-01', NOW)).toBe(talentMessages.birthdayTooYoung);
    expect(birthdayProblem('2009-01-02', NOW)).toBe(talentMessages.birthdayTooYoung);
    expect(birthdayProblem('2009-01-01', NOW)).toBeNull();
    expect(birthdayProblem('1990-02-30', NOW)).toBe(talentMessages.birthdayInvalid);
  });
});

describe('list fields', () => {
  it('round-trips citys pairs and counts the three-limit per list', () => {
    const citys = joinCitys([
      ['河南省', '郑州市'],
      ['北京市', '北京市'],
    ]);
    expect(citys).toBe('河南省:郑州市,北京市:北京市');
    expect(splitCitys(citys)).toEqual([
      ['河南省', '郑州市'],
      ['北京市', '北京市'],
    ]);
    expect(splitList(' a, ,b ')).toEqual(['a', 'b']);
    expect(withinTargetLimit(['a', 'b', 'c'], ['x'])).toBe(true);
    expect(withinTargetLimit(['a'], ['a', 'b', 'c', 'd'])).toBe(false);
  });

  it('masks ID numbers for public portraits', () => {
    expect(maskIdNumber('410102199001011234')).toBe('4101**********1234');
  });
});

describe('computeRadar', () => {
  it('scores each dimension deterministically and caps at 100', () => {
    const radar = computeRadar({
      degrees: [3, 5],
      credentialCount: 5,
      // Overlapping periods count once: 2010-01-01 to 2014-12-31 is just under five years.
      jobs: [
        { start: '2010-01-01', end: '2013-01-01' },
        { start: '2012-01-01', end: '2014-12-31' },
      ],
      rewardCount: 1,
      paperCount: 2,
      learnSeconds: 10 * 3600,
      finishedCourses: 2,
      today: '2025-01-01',
    });
    expect(radar).toEqual({
      education: 100,
      certificates: 100,
      experience: 50,
      rewards: 25,
      papers: 50,
      learning: 30,
    });
  });
});
