import { expect, type APIRequestContext } from '@playwright/test';

/** The envelope's data of an API answer, after checking it is a success. */
export async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** Opens every lesson of the courses, plays them for the wall time their length needs at 2x, and reports each ended. */
export async function finishCourses(request: APIRequestContext, token: string, titles: string[]) {
  const headers = { token };
  const list = await data<{ list: { id: number; title: string }[] }>(await request.get('/coursepoolapi/course_pools', { params: { page: 1, per: 50 } }));
  const lessons: { id: number; duration: number }[] = [];
  for (const title of titles) {
    const id = list.list.find((c) => c.title === title)!.id;
    const course = await data<{ lessons: { id: number; duration: number }[] }>(
      await request.get('/coursepoolapi/course_pools/tower_show_course', { params: { id } }),
    );
    lessons.push(...course.lessons);
  }
  const report = (id: number, state: string, played: number, position: number) =>
    request.post('/coursepoolapi/course_pools/watch_create', { headers, data: { lesson_id: id, position, played_seconds: played, state } });
  for (const l of lessons) {
    await data(await request.get('/coursepoolapi/course_pools/tower_show_lesson', { params: { id: l.id }, headers }));
    await data(await report(l.id, 'playing', 0, 0));
  }
  // The server credits no more than the wall time since the last report at the fastest rate (2x): wait for half the
  // longest lesson, then every lesson reports its end.
  const longest = Math.max(...lessons.map((l) => l.duration));
  await new Promise((r) => setTimeout(r, (longest / 2 + 1.5) * 1000));
  for (const l of lessons) await data(await report(l.id, 'ended', l.duration, l.duration));
}
