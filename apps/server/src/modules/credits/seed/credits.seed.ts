import { sql } from 'drizzle-orm';
import { DEFAULT_MINUTES_PER_CREDIT, type ConversionRule, type CreditCategory } from '@app/contracts';
import { rowsOf } from '../../../db/sql';
import type { SeedModule } from '../../../db/seed/index';
import { chinaYearOf } from '../credits.service';
import { creditsCourseSettings, creditsGrants, creditsRules } from '../credits.table';

/** The regulation's conversion table (财会〔2018〕10号 第十六条), credits in tenths. */
export const NATIONAL_CONVERSIONS: ConversionRule[] = [
  { kind: 'exam', credits: 900, co_credits: null, evidence: '考试合格证明或成绩单' },
  { kind: 'conference', credits: 100, co_credits: null, evidence: '会议通知与参会证明（每天折算10学分）' },
  { kind: 'degree', credits: 900, co_credits: null, evidence: '所修课程当年度的成绩证明' },
  { kind: 'research', credits: 900, co_credits: 600, evidence: '课题结项证书（主持人90学分，参与人60学分）' },
  { kind: 'paper', credits: 300, co_credits: 100, evidence: '刊登论文的期刊封面、目录与正文页（独立或第一作者30学分，其他作者10学分）' },
  { kind: 'book', credits: 900, co_credits: 600, evidence: '书籍封面、版权页（独著或第一作者90学分，其他作者60学分）' },
];

const NATIONAL_SOURCE = '《会计专业技术人员继续教育规定》（财会〔2018〕10号）';
const JIANGSU_SOURCE = '江苏省会计专业技术人员继续教育学分要求（公需科目不少于30学分、专业科目不少于60学分）';

/**
 * The rules every installation starts with: the national rule for last year, this year and next year (90 a year,
 * 专业科目 at least two thirds, 50 minutes of learning a credit, conversions filed until 31 March of the next year),
 * and one provincial variant (Jiangsu) for this year. Staff change them in /admin/credits/rules; a change is a new
 * version, so these rows are never rewritten once there.
 */
export const creditsRulesSeed: SeedModule = {
  name: 'credits-rules',
  async run(tx, { clock }) {
    const now = clock.now();
    const year = chinaYearOf(now);
    type Row = {
      seedKey: string;
      year: number;
      region: string | null;
      requiredTotal: number;
      professionalMin: number | null;
      professionalShareNum: number | null;
      professionalShareDen: number | null;
      publicMin: number | null;
      source: string;
    };
    const rows: Row[] = [year - 1, year, year + 1].map((y) => ({
      seedKey: `national:${y}`,
      year: y,
      region: null,
      requiredTotal: 900,
      professionalMin: null,
      professionalShareNum: 2,
      professionalShareDen: 3,
      publicMin: null,
      source: NATIONAL_SOURCE,
    }));
    rows.push({
      seedKey: `jiangsu:${year}`,
      year,
      region: '江苏省',
      requiredTotal: 900,
      professionalMin: 600,
      professionalShareNum: null,
      professionalShareDen: null,
      publicMin: 300,
      source: JIANGSU_SOURCE,
    });
    for (const r of rows)
      await tx
        .insert(creditsRules)
        .values({
          ...r,
          version: 1,
          minutesPerCredit: DEFAULT_MINUTES_PER_CREDIT,
          conversions: NATIONAL_CONVERSIONS,
          filingDeadline: `${r.year + 1}-03-31`,
          createdAt: now,
        })
        .onConflictDoNothing();
  },
};

/** Demo courses' credit settings: the tax, accounting and management courses are 专业科目, the general ones 公需科目. */
const PUBLIC_TAGS = new Set(['沟通与领导力', '职业发展']);
const CREDITS_BY_SLUG: Record<string, number> = {
  'cas-14-revenue': 80,
  'cas-21-lease': 60,
  'cas-22-financial-instruments': 80,
  'cit-annual-filing': 80,
  'comprehensive-budgeting': 60,
  'fraud-detection': 60,
  'shared-service-center': 60,
};

/**
 * Demo: every video course carries credits (outside links grant none, the platform cannot verify them), and the
 * demo accounts' courses already finished are credited in the year they were finished, as they would have been.
 */
export const creditsDemoSeed: SeedModule = {
  name: 'credits-demo',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const courseRows = await rowsOf<{ id: number; slug: string; tag: string | null }>(
      tx,
      sql`SELECT c.id, c.slug,
                 (SELECT t.name FROM courses_tags t JOIN courses_course_tags ct ON ct.tag_id = t.id
                   WHERE ct.course_id = c.id ORDER BY t.id LIMIT 1) AS tag
            FROM courses c WHERE c.slug IS NOT NULL AND c.kind = 'video'`,
    );
    for (const c of courseRows) {
      const category: CreditCategory = c.tag && PUBLIC_TAGS.has(c.tag) ? 'public' : 'professional';
      const credits = CREDITS_BY_SLUG[c.slug] ?? (category === 'public' ? 30 : 40);
      await tx.insert(creditsCourseSettings).values({ courseId: c.id, category, credits, updatedAt: now }).onConflictDoNothing();
    }
    const finished = await rowsOf<{ user_id: number; course_id: number; title: string; finished_at: Date; category: CreditCategory; credits: number }>(
      tx,
      sql`SELECT p.user_id, p.course_id, c.title, p.finished_at, s.category, s.credits
            FROM learning_course_progress p
            JOIN courses c ON c.id = p.course_id
            JOIN ${creditsCourseSettings} s ON s.course_id = p.course_id
            JOIN users u ON u.id = p.user_id AND u.role = 'personal'
           WHERE p.finished_at IS NOT NULL`,
    );
    for (const f of finished) {
      const at = new Date(f.finished_at);
      const year = chinaYearOf(at);
      const [rule] = await rowsOf<{ id: number }>(
        tx,
        sql`SELECT id FROM ${creditsRules} WHERE year = ${year} AND region IS NULL ORDER BY version DESC LIMIT 1`,
      );
      if (!rule) continue;
      await tx
        .insert(creditsGrants)
        .values({ userId: f.user_id, year, category: f.category, credits: f.credits, source: 'course', sourceId: f.course_id, title: f.title, ruleId: rule.id, grantedAt: at })
        .onConflictDoNothing();
    }
  },
};
