import type { Role } from '@app/contracts/users/users.schemas';
import { BOTH_ROLES, COMPANY_ONLY, PERSONAL_ONLY } from '@/shared/config/roles';

export interface CentreMenuEntry {
  key: string;
  label: string;
  path: string;
  /** Roles that see the entry; absent = everyone (SPEC §2). */
  roles?: readonly Role[];
}

/**
 * One list, filtered by role. Personal entries follow SPEC §2 / GLOSSARY order (all personal-only except
 * 我的提问); company entries are DECISIONS.md 2. The interleaving keeps both filtered orders as specified.
 */
export const CENTRE_MENU: readonly CentreMenuEntry[] = [
  { key: 'student', label: '学员中心', path: '/center/student', roles: PERSONAL_ONLY },
  { key: 'talentPortrayal', label: '人才画像', path: '/center/talentPortrayal', roles: PERSONAL_ONLY },
  { key: 'evaluation', label: '我的测评', path: '/center/evaluation', roles: PERSONAL_ONLY },
  { key: 'lesson', label: '我的课程', path: '/center/lesson', roles: PERSONAL_ONLY },
  // Company training (企业内训): the employee's invitations, company, 学员卡 and 单位指派 courses.
  { key: 'myCompany', label: '我的单位', path: '/center/my-company', roles: PERSONAL_ONLY },
  { key: 'companyEdit', label: '企业信息', path: '/center/recruitment/companyEdit', roles: COMPANY_ONLY },
  { key: 'company-recruitment', label: '我的招聘', path: '/center/recruitment', roles: COMPANY_ONLY },
  { key: 'received', label: '收到的简历', path: '/center/applyJob', roles: COMPANY_ONLY },
  { key: 'talent-pool', label: '人才库', path: '/center/talent-pool', roles: COMPANY_ONLY },
  // Company training (企业内训), after recruiting.
  { key: 'training', label: '培训概览', path: '/center/training', roles: COMPANY_ONLY },
  { key: 'training-employees', label: '员工管理', path: '/center/training/employees', roles: COMPANY_ONLY },
  { key: 'training-seats', label: '学员卡', path: '/center/training/seats', roles: COMPANY_ONLY },
  { key: 'training-assignments', label: '课程指派', path: '/center/training/assignments', roles: COMPANY_ONLY },
  { key: 'quiz', label: '我的提问', path: '/center/quiz' },
  { key: 'magazine', label: '杂志', path: '/center/magazine', roles: PERSONAL_ONLY },
  { key: 'applyJob', label: '我的求职', path: '/center/applyJob', roles: PERSONAL_ONLY },
  { key: 'recruitment', label: '我的招聘', path: '/center/recruitment', roles: PERSONAL_ONLY },
  // 个人信息 and 账号设置 are the two tabs of the settings screen (features/auth setting-page).
  { key: 'profile', label: '个人信息', path: '/center/setting', roles: PERSONAL_ONLY },
  { key: 'note', label: '我的笔记', path: '/center/note', roles: PERSONAL_ONLY },
  { key: 'order', label: '订单与发票', path: '/center/order', roles: COMPANY_ONLY },
  { key: 'message', label: '消息中心', path: '/center/message', roles: BOTH_ROLES },
  { key: 'setting', label: '账号设置', path: '/center/setting?tab=account', roles: BOTH_ROLES },
];

/** Entries whose role list excludes `role` are hidden; entries without a list show to everyone (also role null). */
export function menuForRole(role: Role | null, menu: readonly CentreMenuEntry[] = CENTRE_MENU): CentreMenuEntry[] {
  return menu.filter((entry) => !entry.roles || (role !== null && entry.roles.includes(role)));
}

/**
 * The entry to highlight: among entries whose path prefixes the current pathname and whose query (if any) is
 * part of the current search, the one with a matching query first, then the longest path.
 */
export function activeMenuKey(pathname: string, entries: readonly CentreMenuEntry[], search = ''): string | undefined {
  const current = new URLSearchParams(search);
  let best: { key: string; score: number } | undefined;
  for (const e of entries) {
    const [path = '', query = ''] = e.path.split('?');
    if (pathname !== path && !pathname.startsWith(`${path}/`)) continue;
    const wanted = [...new URLSearchParams(query)];
    if (!wanted.every(([k, v]) => current.get(k) === v)) continue;
    const score = path.length + (wanted.length > 0 ? 10_000 : 0);
    if (!best || score > best.score) best = { key: e.key, score };
  }
  return best?.key;
}
