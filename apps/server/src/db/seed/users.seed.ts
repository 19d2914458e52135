import { systemMessageTexts, type Role, type StaffRole } from '@app/contracts';
import { createPasswordHasher } from '../../modules/auth/password-hasher';
import { messagesRepository } from '../../modules/messages/messages.repository';
import { usersRepository } from '../../modules/users/users.repository';
import type { SeedModule } from './index';

const YEAR_MS = 365 * 24 * 3_600_000;

interface DemoAccount {
  phone: string;
  password: string;
  role: Role;
  nickname: string;
  member?: boolean;
  /** Staff roles (README: what each demo staff account does). */
  staff?: StaffRole[];
  companyName?: string;
  creditCode?: string;
}

/** Demo accounts (README lists them); created once, never overwritten. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { phone: '13800138000', password: 'demo_1234', role: 'personal', nickname: '演示学员' },
  { phone: '13800138001', password: 'demo_1234', role: 'personal', nickname: '会员学员', member: true },
  {
    phone: '13800138002',
    password: 'demo_1234',
    role: 'company',
    nickname: '示例财务咨询有限公司',
    companyName: '示例财务咨询有限公司',
    // Valid GB 32100-2015 check character (E).
    creditCode: '91110108MA01ABCD1E',
  },
  { phone: '13800138009', password: 'admin_1234', role: 'personal', nickname: '平台管理员', staff: ['admin'] },
  { phone: '13800138008', password: 'admin_1234', role: 'personal', nickname: '财务开票员', staff: ['finance'] },
  { phone: '13800138007', password: 'admin_1234', role: 'personal', nickname: '阅卷老师', staff: ['grader'] },
  { phone: '13800138005', password: 'admin_1234', role: 'personal', nickname: '运营管理员', staff: ['admin'] },
];

export const usersSeed: SeedModule = {
  name: 'users',
  demo: true,
  async run(tx, { clock }) {
    // Seeds always use the production cost: a seeded database may later serve real logins.
    const hasher = createPasswordHasher();
    const now = clock.now();
    for (const a of DEMO_ACCOUNTS) {
      const id = await usersRepository.create(tx, {
        phone: a.phone,
        passwordHash: await hasher.hash(a.password),
        role: a.role,
        nickname: a.nickname,
        companyName: a.companyName ?? null,
        creditCode: a.creditCode ?? null,
        staffRoles: a.staff ?? [],
        memberEndAt: a.member ? new Date(now.getTime() + YEAR_MS) : null,
        now,
      });
      if (id !== null) {
        const t = systemMessageTexts.welcome;
        await messagesRepository.insert(tx, { userId: id, title: t.title, content: t.content, now });
      }
    }
  },
};
