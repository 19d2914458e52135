import { MAGAZINE_SAMPLE_PAGES } from '@app/contracts';
import type { SeedModule } from '../../../db/seed/index';
import { inspectPdf, samplePdf } from '../magazine.pdf';
import { magazineRepository as repo } from '../magazine.repository';
import { ISSUES } from './articles.data';
import { issuePdf } from './issue-pdf';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The 12 China-time months ending with the current one, oldest first. */
export function lastTwelveMonths(now: Date): { year: number; month: number }[] {
  const d = new Date(now.getTime() + CHINA_OFFSET_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return Array.from({ length: 12 }, (_, i) => {
    const k = y * 12 + m - 11 + i;
    return { year: Math.floor(k / 12), month: (k % 12) + 1 };
  });
}

/** Twelve published monthly issues (generated PDFs with Chinese articles), one per month up to the current one. */
export const magazineSeed: SeedModule = {
  name: 'magazine-demo',
  demo: true,
  async run(tx, ctx) {
    const now = ctx.clock.now();
    const months = lastTwelveMonths(now);
    for (const [i, { year, month }] of months.entries()) {
      if (await repo.byMonth(tx, year, month)) continue;
      const issue = ISSUES[(month - 1) % ISSUES.length]!;
      const { bytes, toc } = await issuePdf(issue, { year, month, issueNo: month });
      const { doc, pages } = await inspectPdf(bytes);
      const samplePages = Math.min(MAGAZINE_SAMPLE_PAGES, pages);
      // Published on the 1st of its month (China time); the current month's issue today at the latest.
      const published = new Date(Math.min(Date.UTC(year, month - 1, 1) - CHINA_OFFSET_MS + 9 * 3600_000, now.getTime()));
      await repo.insert(
        tx,
        {
          title: issue.theme,
          issueNo: month,
          year,
          month,
          summary: issue.summary,
          toc,
          pageCount: pages,
          samplePages,
          fileBytes: bytes.length,
          coverHue: (i * 29 + 200) % 360,
          publishedAt: published,
          createdAt: published,
          updatedAt: published,
        },
        { full: bytes, sample: await samplePdf(doc, samplePages) },
        // The seed runs without storage: the app moves the files there on start-up or on their first request.
        'database',
      );
    }
  },
};
