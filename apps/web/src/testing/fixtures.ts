import type { CommonData, ProblemGroup } from '@app/contracts/content/content.schemas';
import { permissionsOf } from '@app/contracts/staff/staff.rules';
import type { CurrentUser } from '@app/contracts/users/users.schemas';

/** A current user; `is_staff: true` without roles makes a 管理员, `staff_roles` alone makes that staff. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const staffRoles = overrides.staff_roles ?? (overrides.is_staff ? ['admin' as const] : []);
  return {
    id: 1001,
    phone: '13800138000',
    nickname: '张会计',
    avatar: null,
    message_num: 3,
    is_member: false,
    member_end_at: null,
    role: 'personal',
    star_id: 2,
    total_learn_time: 3675,
    finish_course_num: 4,
    care_mode: false,
    ...overrides,
    is_staff: staffRoles.length > 0,
    staff_roles: staffRoles,
    permissions: permissionsOf(staffRoles),
  };
}

export function makeCommonData(overrides: Partial<CommonData> = {}): CommonData {
  return {
    site_name: '财务管理协会人才培训平台',
    contact_phones: ['010-12345678', '400-800-1234'],
    working_hours: '09:00-17:00',
    mailbox: 'peixun@example.org',
    qr_code_url: '/uploads/qr.png',
    filing_numbers: [{ text: '京ICP备12345678号', url: 'https://beian.miit.gov.cn/' }],
    association_url: 'https://association.example.org/',
    learning_bases: {},
    ...overrides,
  };
}

/** Four problems per guide type, so "first 3" is observable. */
export function makeProblemGroups(): ProblemGroup[] {
  const names = ['用户指南', '学员指南', '测评指南'];
  return names.map((name, gi) => ({
    ttype: gi + 1,
    name,
    problems: [1, 2, 3, 4].map((n) => ({
      id: (gi + 1) * 100 + n,
      name: `${name}问题${n}`,
      content: `${name}问题${n}的解答第一段。\n\n第二段说明。`,
      ttype: gi + 1,
      sort: n,
    })),
  }));
}
