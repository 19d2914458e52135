import type { JobPost, Paged, SentApplication } from '@app/contracts';

export function makePost(overrides: Partial<JobPost> = {}): JobPost {
  return {
    id: 11,
    title: '总账会计',
    position: '总账会计',
    position_level: 1,
    citys: '河南省:郑州市,河南省:洛阳市',
    salary_band: 3,
    salary_min: 9000,
    salary_max: 15999,
    salary_text: '9000-15999元/月',
    experience: 2,
    education: 3,
    headcount: 2,
    description: '负责总账核算。',
    expires_on: '2026-12-31',
    status: 'online',
    status_label: '招聘中',
    review_reason: null,
    published_at: '2026-11-20T02:00:00.000Z',
    updated_at: '2026-11-20T02:00:00.000Z',
    application_count: 0,
    company: {
      user_id: 3,
      name: '示例财务咨询有限公司',
      industry: '咨询与专业服务',
      unit_size: 3,
      unit_size_label: '11-50人',
      city: '河南省:郑州市',
      logo: null,
      intro: '代理记账与税务筹划。',
      online_posts: 6,
    },
    ...overrides,
  };
}

export const paged = <T>(list: T[]): Paged<T> => ({ list, total: list.length, page: 1, per: 10 });

export function makeSent(overrides: Partial<SentApplication> = {}): SentApplication {
  return {
    id: 5,
    status: 'interview',
    status_label: '邀请面试',
    interview_at: '2026-11-28T02:00:00.000Z',
    interview_place: '郑州市郑东新区商务内环路16号',
    interview_accepted: false,
    created_at: '2026-11-20T02:00:00.000Z',
    updated_at: '2026-11-21T02:00:00.000Z',
    post: { id: 11, title: '总账会计', salary_text: '9000-15999元/月', citys: '河南省:郑州市' },
    company: { user_id: 3, name: '示例财务咨询有限公司' },
    ...overrides,
  };
}
