import { eq, inArray } from 'drizzle-orm';
import type { StandardKind } from '@app/contracts';
import type { SeedModule } from '../../../db/seed/index';
import { chinaDay } from '../../../lib/china-time';
import { courses } from '../../courses/courses.table';
import { examsTypes } from '../../exams/exams.table';
import { standardsRepository as repo } from '../standards.repository';
import { standards, standardsChanges, standardsLinks } from '../standards.table';

const DAY_MS = 86_400_000;

interface DemoStandard {
  kind: StandardKind;
  name: string;
  issuer: string;
  docNumber: string | null;
  courseSlugs: string[];
  examTypeNames: string[];
  /** A change recorded this many days ago, still to be brought into the course: its notice shows on the course page. */
  change?: { daysAgo: number; note: string };
}

const DEMO: DemoStandard[] = [
  {
    kind: 'standard',
    name: '企业会计准则第14号——收入',
    issuer: '财政部',
    docNumber: '财会〔2017〕22号',
    courseSlugs: ['cas-14-revenue'],
    // 财务报表分析 of the junior exam reads revenue as the standard recognises it.
    examTypeNames: ['management-accountant-junior'],
    change: {
      daysAgo: 8,
      note: '财政部发布收入准则实施问答，明确不属于单项履约义务的保证类质量保证产生的预计负债，应计入“主营业务成本”“其他业务成本”等科目，不再计入“销售费用”。',
    },
  },
  {
    kind: 'policy',
    name: '个人所得税综合所得年度汇算政策',
    issuer: '国家税务总局',
    docNumber: null,
    courseSlugs: ['iit-annual-reconciliation'],
    examTypeNames: [],
  },
];

/**
 * Two standards linked to the demo courses on them; the revenue standard has a change recorded a week ago that the
 * course has not been updated for, so /train/detail of 企业会计准则第14号——收入精讲 and the junior management
 * accountant's exam notice show the notice, and the learners who finished the course (and the exam's certificate
 * holders) are told by the delivery job shortly after the server starts. Idempotent: a standard that has any change
 * gets no other.
 */
export const standardsSeed: SeedModule = {
  name: 'standards-demo',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    for (const d of DEMO) {
      await tx
        .insert(standards)
        .values({ kind: d.kind, name: d.name, issuer: d.issuer, docNumber: d.docNumber, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
      const [s] = await tx.select({ id: standards.id }).from(standards).where(eq(standards.name, d.name));
      const courseIds = d.courseSlugs.length
        ? (await tx.select({ id: courses.id }).from(courses).where(inArray(courses.slug, d.courseSlugs))).map((c) => c.id)
        : [];
      const examTypeIds = d.examTypeNames.length
        ? (await tx.select({ id: examsTypes.id }).from(examsTypes).where(inArray(examsTypes.typeName, d.examTypeNames))).map((t) => t.id)
        : [];
      const links = [...courseIds.map((id) => ({ courseId: id, examTypeId: null })), ...examTypeIds.map((id) => ({ courseId: null, examTypeId: id }))];
      if (links.length)
        await tx
          .insert(standardsLinks)
          .values(links.map((l) => ({ standardId: s!.id, ...l, updatedThrough: 0, linkedAt: now })))
          .onConflictDoNothing();

      if (!d.change || (await repo.latestChangeId(tx, s!.id)) > 0) continue;
      const at = new Date(now.getTime() - d.change.daysAgo * DAY_MS);
      const audience = await repo.audience(tx, courseIds, examTypeIds, now);
      await tx.insert(standardsChanges).values({
        standardId: s!.id,
        changedOn: chinaDay(at),
        note: d.change.note,
        courseIds,
        examTypeIds,
        audience: audience.total,
        deliveredAt: audience.total === 0 ? now : null,
        recordedAt: new Date(at.getTime() + 2 * 3_600_000),
        recordedBy: null,
      });
    }
  },
};
