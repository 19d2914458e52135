import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  encodeJobIntention,
  exceedsTargetLimit,
  isBirthdayDisabled,
  pathToLeaf,
  recordToForm,
} from './job-intention-form';

const TREE = [
  {
    id: 1,
    name: '财务会计',
    sub_arr: [
      { id: 11, name: '总账会计' },
      { id: 12, name: '出纳' },
    ],
  },
];

describe('job-intention form data', () => {
  it('encodes a new intention for POST: no id, sex as its label, regions as province:city pairs, leaf positions', () => {
    const form = encodeJobIntention({
      name: ' 王五 ',
      sex: 0,
      biithday: dayjs('1995-12-01'),
      salary: 0,
      show_personal_info: false,
      citys: [
        ['河南省', '郑州市'],
        ['河南省', '洛阳市'],
      ],
      industries: ['金融业', '制造业'],
      positions: [['财务会计', '出纳']],
    });
    expect(form.has('user_apply_job[id]')).toBe(false);
    expect(form.toString()).toBe(
      new URLSearchParams([
        ['user_apply_job[name]', '王五'],
        ['user_apply_job[sex]', '男'],
        ['user_apply_job[biithday]', '1995-12-01'],
        ['user_apply_job[salary]', '0'],
        ['user_apply_job[show_personal_info]', 'false'],
        ['user_apply_job[citys]', '河南省:郑州市,河南省:洛阳市'],
        ['user_apply_job[industries]', '金融业,制造业'],
        ['user_apply_job[positions]', '出纳'],
      ]).toString(),
    );
  });

  it('maps a stored record back to cascader paths and accepts sex as a label', () => {
    const v = recordToForm(
      {
        id: 7,
        name: '甲',
        sex: '女',
        biithday: '1990-01-02',
        salary: 6,
        show_personal_info: true,
        citys: '北京市:北京市',
        industries: '金融业',
        positions: '出纳',
      },
      TREE,
    );
    expect(v.sex).toBe(1);
    expect(v.citys).toEqual([['北京市', '北京市']]);
    expect(v.positions).toEqual([['财务会计', '出纳']]);
    expect(v.biithday?.format('YYYY-MM-DD')).toBe('1990-01-02');
  });

  it('finds the path of a position name, or keeps the bare name when the tree lacks it', () => {
    expect(pathToLeaf(TREE, '总账会计')).toEqual(['财务会计', '总账会计']);
    expect(pathToLeaf(TREE, '审计')).toEqual(['审计']);
  });

  it('limits regions, industries and positions to three each', () => {
    expect(
      exceedsTargetLimit({
        citys: [
          ['a', 'b'],
          ['a', 'c'],
          ['a', 'd'],
        ],
      }),
    ).toBe(false);
    expect(exceedsTargetLimit({ industries: ['1', '2', '3', '4'] })).toBe(true);
    expect(
      exceedsTargetLimit({
        positions: [
          ['x', '1'],
          ['x', '2'],
          ['x', '3'],
          ['x', '4'],
        ],
      }),
    ).toBe(true);
  });

  it('disables birthdays after now minus 8,640,000 ms', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(isBirthdayDisabled(dayjs(now - 8_640_000 + 1), now)).toBe(true);
    expect(isBirthdayDisabled(dayjs(now - 8_640_000), now)).toBe(false);
    expect(isBirthdayDisabled(dayjs('2000-01-01'), now)).toBe(false);
  });
});
