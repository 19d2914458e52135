import type { SeedModule } from '../../../db/seed/index';
import { createPasswordHasher } from '../../auth/password-hasher';
import { usersRepository } from '../../users/users.repository';
import { expertProfiles } from '../content.experts';
import { contentArticles, contentBanners, contentLearningBases, contentServiceGuides, contentTopics } from '../content.table';
import { textOf } from '../content.sanitize';
import { LEARNING_BASES } from '@app/contracts';
import { DEMO_CASES } from './cases.data';
import { DEMO_NEWS } from './news.data';
import { BANNERS, LEARNING_BASE_PAGES, MORE_EXPERTS, SERVICE_GUIDES, TOPICS } from './site.data';

const DAY_MS = 86_400_000;

const DEMO_ACCOUNTS = [
  { phone: '13800138015', password: 'admin_1234', nickname: '内容编辑', staff: true, member: false },
  { phone: '13800138016', password: 'demo_1234', nickname: '案例会员', staff: false, member: true },
];
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const html = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${escape(p)}</p>`).join('');

/** Learning-base pages, service guides, topic pages and home banners: the site's own content, seeded everywhere. */
export const contentPagesSeed: SeedModule = {
  name: 'content-pages',
  async run(tx, { clock }) {
    const now = clock.now();
    for (const [code, page] of Object.entries(LEARNING_BASE_PAGES)) {
      await tx
        .insert(contentLearningBases)
        .values({ code, name: `${LEARNING_BASES[code]}学习基地`, ...page, updatedAt: now })
        .onConflictDoNothing();
    }
    for (const [i, g] of SERVICE_GUIDES.entries()) {
      await tx.insert(contentServiceGuides).values({ ...g, sort: i + 1, updatedAt: now }).onConflictDoNothing();
    }
    for (const t of TOPICS) await tx.insert(contentTopics).values({ ...t, updatedAt: now }).onConflictDoNothing();
    for (const [i, b] of BANNERS.entries()) {
      await tx.insert(contentBanners).values({ ...b, image: null, sort: i + 1, active: true, updatedAt: now }).onConflictDoNothing();
    }
  },
};

/** Demo news, cases and the think-tank experts without a Q&A account. Existing titles are left as they are. */
export const contentArticlesSeed: SeedModule = {
  name: 'content-articles',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now().getTime();
    // The content editor's demo account, and a member who reads members-only cases (README).
    const hasher = createPasswordHasher();
    for (const a of DEMO_ACCOUNTS) {
      await usersRepository.create(tx, {
        phone: a.phone,
        passwordHash: await hasher.hash(a.password),
        role: 'personal',
        nickname: a.nickname,
        companyName: null,
        staffRoles: a.staff ? ['editor'] : [],
        memberEndAt: a.member ? new Date(now + 365 * DAY_MS) : null,
        now: new Date(now),
      });
    }
    const profiles = expertProfiles(tx);
    for (const e of MORE_EXPERTS) await profiles.save(e, new Date(now));
    const rows = [
      ...DEMO_NEWS.map((n, i) => ({
        kind: 'news' as const,
        title: n.title,
        summary: n.paragraphs[0]!.slice(0, 110),
        body: html(n.paragraphs),
        category: n.category,
        tags: n.tags,
        source: n.source,
        author: '',
        region: n.region ?? null,
        industry: null,
        companySize: null,
        access: 'public' as const,
        // Spread over the last months, newest first in list order; a few hours apart within a day.
        publishAt: new Date(now - (i * 3 + 1) * DAY_MS + (i % 5) * 3_600_000),
      })),
      ...DEMO_CASES.map((c, i) => ({
        kind: 'case' as const,
        title: c.title,
        summary: c.paragraphs[1].replace(/^问题：/, '').slice(0, 110),
        body: html(c.paragraphs),
        category: c.category,
        tags: c.tags,
        source: '协会案例库',
        author: c.author,
        region: c.region ?? null,
        industry: c.industry,
        companySize: c.size,
        access: c.access,
        publishAt: new Date(now - (i * 4 + 2) * DAY_MS),
      })),
    ];
    await tx
      .insert(contentArticles)
      .values(
        rows.map((r, i) => ({
          ...r,
          bodyText: textOf(r.body),
          state: 'published' as const,
          viewCount: 120 + ((i * 37) % 900),
          createdAt: r.publishAt,
          updatedAt: r.publishAt,
        })),
      )
      .onConflictDoNothing({ target: [contentArticles.kind, contentArticles.title] });
  },
};
