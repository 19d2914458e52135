import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAdminMessages as m, type AdminCourse, type AdminTag, type AdminTeacher, type CourseBody } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { courses, coursesLessons } from './courses.table';

let t: TestApp;
let manager: TestUser;
let editor: TestUser;
let reviewer: TestUser;
let learner: TestUser;
let secondTag: AdminTag;
let teacher: AdminTeacher;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createUser(t, { staff: ['course_manager'] });
  editor = await createUser(t, { staff: ['editor'] });
  reviewer = await createUser(t, { staff: ['reviewer'] });
  learner = await createUser(t);
});
afterAll(() => t.close());

const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const auditRows = (action: string, entityId?: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(entityId === undefined ? eq(auditLog.action, action) : and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

function body(over: Partial<CourseBody> = {}): CourseBody {
  return {
    title: '企业内部控制实务精讲',
    summary: '从内控五要素出发，结合案例讲清楚内控制度如何落地。',
    description_html: '<h3>课程亮点</h3><p>案例<strong>丰富</strong></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    cover: '/media/art/covers/accounting-basics.svg',
    teacher_id: teacher.id,
    tag_ids: [secondTag.id],
    kind: 'video',
    price_type: 'paid',
    price: 19_900,
    member_price: 9_900,
    ...over,
  };
}

describe('permission', () => {
  it('lets 课程管理 and 内容编辑 use the course endpoints and refuses 审核员 with 403 naming the permission', async () => {
    expect((await call(manager, 'GET', '/api/admin/courses')).statusCode).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/course_tags')).statusCode).toBe(200);
    const res = await call(reviewer, 'POST', '/api/admin/course_tags', { name: '越权标签' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('您没有「课程管理」权限，请联系管理员分配相应角色');
    expect(await auditRows('course_tag.create')).toHaveLength(0);
    expect((await call(learner, 'GET', '/api/admin/courses')).statusCode).toBe(403);
  });
});

describe('tags and teachers', () => {
  it('creates a second-level tag under a top-level one, refuses a third level and a duplicate name, and audits', async () => {
    const top = (await call(manager, 'POST', '/api/admin/course_tags', { name: '内控专题研修', sort: 90 })).json().data as AdminTag;
    const res = await call(manager, 'POST', '/api/admin/course_tags', { name: '内控评价实务', parent_id: top.id });
    expect(res.statusCode).toBe(200);
    secondTag = res.json().data;
    expect(secondTag.parent_id).toBe(top.id);

    const third = await call(manager, 'POST', '/api/admin/course_tags', { name: '三级标签', parent_id: secondTag.id });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(m.tagParentInvalid);
    const dup = await call(manager, 'POST', '/api/admin/course_tags', { name: '内控评价实务', parent_id: top.id });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(m.tagNameTaken);
    expect((await call(manager, 'DELETE', `/api/admin/course_tags/${top.id}`)).json().message).toBe(m.tagHasChildren);

    const rows = await auditRows('course_tag.create');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.actorId).toBe(manager.id);
    expect(rows[0]!.actorRoles).toEqual(['course_manager']);
  });

  it('creates a teacher with a photo and refuses deleting a teacher who still has courses', async () => {
    const bad = await call(manager, 'POST', '/api/admin/course_teachers', { name: '', title: '高级会计师', photo: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors).toMatchObject({ name: m.teacherNameRequired, photo: m.teacherPhotoRequired });
    const res = await call(manager, 'POST', '/api/admin/course_teachers', {
      name: '郑晓岚',
      title: '注册会计师、内控咨询合伙人',
      photo: '/media/art/teachers/li-ming.svg',
      intro: '十五年内控咨询经验，服务过多家上市公司。',
    });
    expect(res.statusCode).toBe(200);
    teacher = res.json().data;
    expect(await auditRows('course_teacher.create', teacher.id)).toHaveLength(1);
  });
});

describe('courses', () => {
  it('refuses bad prices with Chinese field errors and writes nothing', async () => {
    const before = (await t.db.select().from(courses)).length;
    const free = await call(manager, 'POST', '/api/admin/courses', body({ price_type: 'free', price: 100 }));
    expect(free.statusCode).toBe(400);
    expect(free.json().data.fieldErrors.price).toBe(m.priceNotPaid);
    const noPrice = await call(manager, 'POST', '/api/admin/courses', body({ price: 0 }));
    expect(noPrice.json().data.fieldErrors.price).toBe(m.priceRequired);
    const high = await call(manager, 'POST', '/api/admin/courses', body({ member_price: 30_000 }));
    expect(high.json().data.fieldErrors.member_price).toBe(m.memberPriceTooHigh);
    const outer = await call(manager, 'POST', '/api/admin/courses', body({ kind: 'outer_link', outer_url: 'javascript:alert(1)' }));
    expect(outer.json().data.fieldErrors.outer_url).toBe(m.outerUrlRequired);
    const topTag = await call(manager, 'POST', '/api/admin/courses', body({ tag_ids: [secondTag.parent_id!] }));
    expect(topTag.json().message).toBe(m.tagCourseNeedsSecondLevel);
    expect((await t.db.select().from(courses)).length).toBe(before);
    expect(await auditRows('course.create')).toHaveLength(0);
  });

  it('creates an unpublished course with its description sanitised on the server and the member price kept', async () => {
    const res = await call(manager, 'POST', '/api/admin/courses', body());
    expect(res.statusCode).toBe(200);
    const c = res.json().data as AdminCourse;
    expect(c.published).toBe(false);
    expect(c.description_html).toBe('<h3>课程亮点</h3><p>案例<strong>丰富</strong></p>');
    expect(c.member_price).toBe(9_900);
    expect(c.tag_ids).toEqual([secondTag.id]);
    // Not in the catalogue until published.
    expect((await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_course?id=${c.id}` })).statusCode).toBe(404);
    const [row] = await auditRows('course.create', c.id);
    expect(row!.after).toMatchObject({ title: '企业内部控制实务精讲', price: 19_900, member_price: 9_900, published: false });
  });

  it('keeps a course’s presence-check interval and fastest rate, refusing half an interval, a reversed one and an odd rate', async () => {
    const half = await call(manager, 'POST', '/api/admin/courses', body({ presence_min_minutes: 5 }));
    expect(half.statusCode).toBe(400);
    expect(half.json().data.fieldErrors.presence_max_minutes).toBe(m.presenceBoth);
    const reversed = await call(manager, 'POST', '/api/admin/courses', body({ presence_min_minutes: 20, presence_max_minutes: 5 }));
    expect(reversed.json().data.fieldErrors.presence_max_minutes).toBe(m.presenceOrder);
    const tooLong = await call(manager, 'POST', '/api/admin/courses', body({ presence_min_minutes: 5, presence_max_minutes: 600 }));
    expect(tooLong.json().data.fieldErrors.presence_max_minutes).toBe(m.presenceMinutesInvalid);
    const rate = await call(manager, 'POST', '/api/admin/courses', body({ max_playback_rate: 3 }));
    expect(rate.json().data.fieldErrors.max_playback_rate).toBe(m.maxRateInvalid);

    const created = (await call(manager, 'POST', '/api/admin/courses', body({ title: '内控学习确认', presence_min_minutes: 5, presence_max_minutes: 15, max_playback_rate: 1.5 }))).json().data as AdminCourse;
    expect(created).toMatchObject({ presence_min_minutes: 5, presence_max_minutes: 15, max_playback_rate: 1.5 });
    const updated = await call(manager, 'PUT', `/api/admin/courses/${created.id}`, body({ title: '内控学习确认' }));
    expect(updated.json().data).toMatchObject({ presence_min_minutes: null, presence_max_minutes: null, max_playback_rate: null });
    const [row] = await auditRows('course.update', created.id);
    expect(row!.before).toMatchObject({ presence_min_minutes: 5, presence_max_minutes: 15, max_playback_rate: 1.5 });
    expect((await call(manager, 'DELETE', `/api/admin/courses/${created.id}`)).statusCode).toBe(200);
  });

  it('finds courses by keyword and state, one page at a time', async () => {
    const res = await call(manager, 'GET', `/api/admin/courses?keyword=${encodeURIComponent('内部控制实务')}&state=draft&per=5`);
    const page = res.json().data;
    expect(page.total).toBe(1);
    expect(page.list[0].title).toBe('企业内部控制实务精讲');
    const all = (await call(manager, 'GET', '/api/admin/courses?per=3&page=2')).json().data;
    expect(all.list).toHaveLength(3);
    expect(all.total).toBeGreaterThan(6);
  });

  it('counts a top-level tag’s courses through its second-level tags, a course carrying two of them once', async () => {
    const sibling = (await call(manager, 'POST', '/api/admin/course_tags', { name: '内控审计实务', parent_id: secondTag.parent_id })).json()
      .data as AdminTag;
    const res = await call(manager, 'POST', '/api/admin/courses', body({ title: '内控评价与审计衔接', tag_ids: [secondTag.id, sibling.id] }));
    expect(res.statusCode).toBe(200);
    const tags = (await call(manager, 'GET', '/api/admin/course_tags')).json().data as AdminTag[];
    const count = (id: number | null) => tags.find((x) => x.id === id)!.course_count;
    expect(count(secondTag.id)).toBe(2);
    expect(count(sibling.id)).toBe(1);
    expect(count(secondTag.parent_id)).toBe(2);
  });
});

describe('publishing rules', () => {
  let course: AdminCourse;
  beforeAll(async () => {
    course = (await call(manager, 'POST', '/api/admin/courses', body({ title: '预算编制与执行控制' }))).json().data;
  });

  it('refuses to publish a course without lessons, then one whose lesson has no ready video, writing nothing', async () => {
    const empty = await call(manager, 'POST', `/api/admin/courses/${course.id}/publish`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(m.publishWithoutLessons);

    const lesson = (await call(manager, 'POST', '/api/admin/course_lessons', { course_id: course.id, title: '全面预算的框架', is_trial: true })).json().data;
    expect(lesson).toMatchObject({ sort: 1, video_ready: false, duration: 0, video_job: null });
    const notReady = await call(manager, 'POST', `/api/admin/courses/${course.id}/publish`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(m.publishVideoNotReady('第1课「全面预算的框架」'));

    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.published).toBe(false);
    expect(await auditRows('course.publish', course.id)).toHaveLength(0);
  });

  it('publishes once every lesson has a video, then refuses new lessons until unpublished; both actions audited', async () => {
    const lessons = await t.db.select().from(coursesLessons).where(eq(coursesLessons.courseId, course.id));
    // A transcoded video as the worker leaves it (the real transcoding is in course-video.api.test.ts).
    await t.db.update(coursesLessons).set({ videoFile: 'lesson-a.mp4', duration: 42 }).where(eq(coursesLessons.id, lessons[0]!.id));
    const res = await call(manager, 'POST', `/api/admin/courses/${course.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.published);
    const detail = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_course?id=${course.id}` })).json().data;
    expect(detail).toMatchObject({ lesson_count: 1, total_duration: 42, price: 19_900, member_price: 9_900 });

    const add = await call(manager, 'POST', '/api/admin/course_lessons', { course_id: course.id, title: '预算调整' });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(m.addLessonToPublished);

    expect((await call(editor, 'POST', `/api/admin/courses/${course.id}/unpublish`)).statusCode).toBe(200);
    expect((await auditRows('course.publish', course.id))[0]!.actorId).toBe(manager.id);
    expect((await auditRows('course.unpublish', course.id))[0]!.actorId).toBe(editor.id);
  });

  it('orders lessons by the dragged order and refuses an order that is not exactly the course lessons', async () => {
    const a = (await call(manager, 'POST', '/api/admin/course_lessons', { course_id: course.id, title: '预算调整' })).json().data;
    const b = (await call(manager, 'POST', '/api/admin/course_lessons', { course_id: course.id, title: '预算考核' })).json().data;
    const first = (await call(manager, 'GET', `/api/admin/courses/${course.id}`)).json().data.lessons[0];
    const res = await call(manager, 'PUT', `/api/admin/courses/${course.id}/lesson_order`, { lesson_ids: [b.id, first.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as AdminCourse).lessons.map((l) => [l.id, l.sort])).toEqual([
      [b.id, 1],
      [first.id, 2],
      [a.id, 3],
    ]);
    const bad = await call(manager, 'PUT', `/api/admin/courses/${course.id}/lesson_order`, { lesson_ids: [b.id, a.id] });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().message).toBe(m.reorderMismatch);
    expect(await auditRows('course_lesson.reorder', course.id)).toHaveLength(1);
  });
});

describe('lesson questions', () => {
  it('creates, edits and deletes a question; a single choice with two answers is refused', async () => {
    const course = (await call(manager, 'POST', '/api/admin/courses', body({ title: '内控评价报告编写', price_type: 'free', price: 0, member_price: null }))).json().data as AdminCourse;
    const lesson = (await call(manager, 'POST', '/api/admin/course_lessons', { course_id: course.id, title: '评价范围的确定' })).json().data;
    const q = { lesson_id: lesson.id, kind: 'single', stem: '内部控制评价的基准日通常是？', options: ['年度末', '季度末', '月末'], answer: ['A'], explanation: '一般以12月31日为基准日。' };
    const bad = await call(manager, 'POST', '/api/admin/course_questions', { ...q, answer: ['A', 'B'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.answer).toBe(m.singleOneAnswer);
    const created = (await call(manager, 'POST', '/api/admin/course_questions', q)).json().data;
    expect(created.options).toEqual([
      { key: 'A', text: '年度末' },
      { key: 'B', text: '季度末' },
      { key: 'C', text: '月末' },
    ]);
    const edited = await call(manager, 'PUT', `/api/admin/course_questions/${created.id}`, { ...q, kind: 'multiple', answer: ['C', 'A'] });
    expect(edited.json().data.answer).toEqual(['A', 'C']);
    expect((await call(manager, 'GET', `/api/admin/course_questions?lesson_id=${lesson.id}`)).json().data).toHaveLength(1);
    expect((await call(manager, 'DELETE', `/api/admin/course_questions/${created.id}`)).statusCode).toBe(200);
    const actions = (await t.db.select().from(auditLog).where(like(auditLog.action, 'course_question.%'))).map((r) => r.action);
    expect(actions).toEqual(['course_question.create', 'course_question.update', 'course_question.delete']);
  });
});
