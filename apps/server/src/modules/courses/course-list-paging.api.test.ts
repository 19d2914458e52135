import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_LIST_MAX_OFFSET, courseListMaxOffsetPage, courseMessages, type CoursePoolPage } from '@app/contracts';
import { rowsOf } from '../../db/sql';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let tagId = 0;
beforeAll(async () => {
  t = await createTestApp();
  // Several courses published in the same microsecond and several with the same hot score: the id breaks the tie.
  await t.db.execute(sql`UPDATE courses SET published_at = '2024-06-01 10:00:00.123456+00'
                          WHERE id IN (SELECT id FROM courses WHERE published ORDER BY id LIMIT 4)`);
  await t.db.execute(sql`UPDATE courses SET published_at = '2024-06-01 10:00:00.123457+00'
                          WHERE id IN (SELECT id FROM courses WHERE published ORDER BY id OFFSET 4 LIMIT 1)`);
  const [tag] = await rowsOf<{ tag_id: number }>(
    t.db,
    // The top-level tag with the most courses (a top-level tag lists its children's courses).
    sql`SELECT tg.id AS tag_id FROM courses_tags tg WHERE tg.parent_id IS NULL
         ORDER BY (SELECT count(DISTINCT ct.course_id) FROM courses_course_tags ct JOIN courses_tags x ON x.id = ct.tag_id
                    WHERE x.id = tg.id OR x.parent_id = tg.id) DESC, tg.id LIMIT 1`,
  );
  tagId = tag!.tag_id;
});
afterAll(() => t.close());

async function list(query: string): Promise<CoursePoolPage> {
  const res = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CoursePoolPage;
}

/** The list's order as it was before cursors: every page by number. */
async function byPageNumbers(filters: string, per: number) {
  const first = await list(`${filters}&per=${per}&page=1`);
  const ids = first.list.map((c) => c.id);
  for (let page = 2; (page - 1) * per < first.total; page++) {
    ids.push(...(await list(`${filters}&per=${per}&page=${page}`)).list.map((c) => c.id));
  }
  return { ids, total: first.total };
}

const LISTS = [
  { name: 'newest', filters: 'newhot=newest' },
  { name: 'hotest', filters: 'newhot=hotest' },
  { name: 'newest in a tag', filters: `newhot=newest&tag=` },
  { name: 'hotest, member courses', filters: 'newhot=hotest&price_type=member' },
];

describe('course list paging by cursor', () => {
  it.each(LISTS)('pages through every published course once, in page-number order, forwards and back ($name)', async ({ filters: raw }) => {
    const filters = raw.endsWith('tag=') ? `${raw}${tagId}` : raw;
    const per = 3;
    const before = await byPageNumbers(filters, per);
    expect(before.total).toBeGreaterThan(2 * per);
    expect(new Set(before.ids).size).toBe(before.total);

    // Forwards: page 1 by number, then only next_cursor.
    let page = await list(`${filters}&per=${per}&page=1`);
    expect(page.prev_cursor).toBeNull();
    const pages = [page];
    while (page.next_cursor) {
      page = await list(`${filters}&per=${per}&cursor=${encodeURIComponent(page.next_cursor)}`);
      expect(page.page).toBe(pages.length + 1);
      expect(page.total).toBe(before.total);
      pages.push(page);
    }
    expect(pages.flatMap((p) => p.list.map((c) => c.id))).toEqual(before.ids);
    expect(pages).toHaveLength(Math.ceil(before.total / per));

    // Backwards from the last page: the same pages, in reverse.
    const back = [page];
    while (page.prev_cursor) {
      page = await list(`${filters}&per=${per}&cursor=${encodeURIComponent(page.prev_cursor)}`);
      back.unshift(page);
    }
    expect(back.map((p) => p.page)).toEqual(pages.map((p) => p.page));
    expect(back.map((p) => p.list.map((c) => c.id))).toEqual(pages.map((p) => p.list.map((c) => c.id)));
    expect(back[0]!.next_cursor).not.toBeNull();
  });

  it('orders courses published in the same microsecond by id and keeps them all across a page boundary', async () => {
    const tied = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM courses WHERE published AND published_at = '2024-06-01 10:00:00.123456+00' ORDER BY id DESC`,
    );
    expect(tied).toHaveLength(4);
    const { ids } = await byPageNumbers('newhot=newest', 3);
    const at = ids.indexOf(tied[0]!.id);
    expect(ids.slice(at - 1, at + 4)).toEqual([
      ...(await rowsOf<{ id: number }>(
        t.db,
        sql`SELECT id FROM courses WHERE published AND published_at = '2024-06-01 10:00:00.123457+00'`,
      )).map((r) => r.id),
      ...tied.map((r) => r.id),
    ]);
  });

  it('reaches pages by number only up to COURSE_LIST_MAX_OFFSET rows deep; past that the cursor is needed', async () => {
    const per = 10;
    const maxPage = courseListMaxOffsetPage(per);
    expect((maxPage - 1) * per).toBeLessThanOrEqual(COURSE_LIST_MAX_OFFSET);
    const last = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools?per=${per}&page=${maxPage}` });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.list).toEqual([]);
    const deeper = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools?per=${per}&page=${maxPage + 1}` });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().message).toBe(courseMessages.pageTooDeep(maxPage));
    expect(deeper.json().data.fieldErrors.page).toBe(courseMessages.pageTooDeep(maxPage));
  });

  it('refuses a malformed cursor and the cursor of another list with a clear message', async () => {
    const first = await list('newhot=newest&per=3&page=1');
    const cursor = encodeURIComponent(first.next_cursor!);
    for (const url of [
      `newhot=newest&per=3&cursor=not-a-cursor`,
      `newhot=hotest&per=3&cursor=${cursor}`,
      `newhot=newest&per=4&cursor=${cursor}`,
      `newhot=newest&per=3&tag=${tagId}&cursor=${cursor}`,
      `newhot=newest&per=3&cursor=${Buffer.from('{"f":"x","s":"newest","d":"next","v":"1; DROP","i":1,"p":2}').toString('base64url')}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools?${url}` });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(courseMessages.cursorInvalid);
    }
  });
});
