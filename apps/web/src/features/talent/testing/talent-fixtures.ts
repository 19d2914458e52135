import type { AdminRcpj, PersonalInfo, Rcpj } from '@app/contracts';

export function makePersonalInfo(overrides: Partial<PersonalInfo> = {}): PersonalInfo {
  return {
    user_info: {
      id: 1001,
      phone: '13800138000',
      nickname: '张会计',
      avatar: null,
      real_name: '张三',
      gender: 0,
      birthday: '1990-01-01',
      political_status: 2,
      unit_size: 3,
      position_level: 2,
      work_unit: '华财科技有限公司',
      id_number: '410102199001011234',
      star_id: 2,
      total_learn_time: 3675,
      finish_course_num: 4,
      is_member: true,
      show_personal_info: true,
    },
    customer_edus: [
      {
        id: 11,
        school: '河南财经政法大学',
        major: '会计学',
        degree: 3,
        start_date: '2008-09-01',
        end_date: '2012-07-01',
      },
    ],
    customer_jobs: [
      {
        id: 21,
        company: '华财科技有限公司',
        position: '财务主管',
        position_level: 2,
        start_date: '2012-08-01',
        end_date: null,
        duties: '负责总账',
      },
    ],
    credentials: [
      {
        id: 31,
        name: '中级会计师',
        number: 'ZJ2020',
        issuer: '财政部',
        issued_on: '2020-05-01',
        attachment: null,
      },
    ],
    job_profits: [
      { id: 41, title: '优秀财务工作者', profit_type: 1, awarded_on: '2021-12-01', issuer: '市财政局' },
    ],
    papers: [
      { id: 51, title: '业财融合实践', publication: '财务与会计', published_on: '2022-03-01', link: null },
    ],
    radar: { education: 75, certificates: 25, experience: 100, rewards: 25, papers: 25, learning: 22 },
    user_apply_job: {
      id: 42,
      user_id: 1001,
      name: '张三',
      sex: 0,
      biithday: '1990-01-01',
      salary: 3,
      show_personal_info: true,
      citys: '河南省:郑州市',
      positions: '总账会计',
      industries: '金融业',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    },
    ...overrides,
  };
}

export function makeRcpj(overrides: Partial<Rcpj> = {}): Rcpj {
  return {
    id: 7,
    star_id: 3,
    star_name: '三星',
    status: 'draft',
    status_label: '待提交材料',
    statement: null,
    materials: [],
    credentials: [],
    figures: { learn_seconds: 36_000, finished_courses: 5, credentials: 1 },
    result_level: null,
    reject_reason: null,
    result_acknowledged: false,
    created_at: '2026-11-20T08:00:00.000Z',
    submitted_at: null,
    reviewed_at: null,
    ...overrides,
  };
}

export function makeAdminRcpj(overrides: Partial<AdminRcpj> = {}): AdminRcpj {
  return {
    ...makeRcpj({
      status: 'submitted',
      status_label: '待审核',
      statement: '从事财务工作十年',
      submitted_at: '2026-11-20T09:00:00.000Z',
    }),
    applicant: { id: 1001, phone: '13900000001', name: '王学员', star_id: 2 },
    ...overrides,
  };
}
