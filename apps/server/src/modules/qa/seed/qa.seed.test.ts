import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QA_CATEGORIES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { qaExperts, qaQuestions } from '../qa.table';
import { DEMO_EXPERTS } from './qa.experts.data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Q&A demo data', () => {
  it('has 40+ answered public questions across all seven categories, each with an expert answer', async () => {
    const rows = await t.db
      .select({ category: qaQuestions.category, n: sql<number>`count(*)::int` })
      .from(qaQuestions)
      .where(
        and(
          eq(qaQuestions.isPublic, true),
          isNotNull(qaQuestions.answerHtml),
          isNotNull(qaQuestions.answeredBy),
        ),
      )
      .groupBy(qaQuestions.category);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThanOrEqual(40);
    expect(rows.map((r) => r.category).sort()).toEqual([...QA_CATEGORIES].sort());
  });

  it('links 6+ expert accounts to think-tank profiles and leaves open questions in the queue', async () => {
    const experts = await t.db.select().from(qaExperts);
    expect(experts.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_EXPERTS.length).toBeGreaterThanOrEqual(6);
    const open = await t.db
      .select({ id: qaQuestions.id })
      .from(qaQuestions)
      .where(eq(qaQuestions.status, 'waiting'));
    expect(open.length).toBeGreaterThanOrEqual(5);
  });

  it('the public list and a question page show the seeded answers with the expert card', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/quiz/questions?per=50' })).json();
    expect(list.data.total).toBeGreaterThanOrEqual(40);
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/quiz/questions/${list.data.list[0].id}` })
    ).json();
    expect(page.data.answer.expert.name).toBeTruthy();
    expect(page.data.asker).toContain('*');
  });
});
