import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruitingMessages as m } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { api, GOOD_JOB, PDF, PNG, postForm, upload } from '../talent/talent.test-support';
import { personalAchieve } from '../users/users.table';
import { recruitingRepository } from './recruiting.repository';
import { walkTalents } from './recruiting.service';
import {
  COMPANY_PROFILE,
  goodPost,
  jobSeeker,
  onlinePost,
  uploadLicence,
  verifiedCompany,
} from './recruiting.test-support';
import { makeExam, registerAndStart, rightAnswer } from '../exams/exams.test-support';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const messagesOf = async (u: TestUser) =>
  (await api(t, 'GET', '/api/messages?page=1&per=50', u)).data.list as { title: string; content: string }[];

describe('company profile and verification', () => {
  it('refuses company endpoints to a personal account', async () => {
    const p = await createUser(t);
    const res = await api(t, 'GET', '/api/companies/mine', p);
    expect(res.status).toBe(403);
    expect(res.message).toBe(m.companyOnly);
    expect((await api(t, 'POST', '/api/job_posts', p, goodPost(t))).status).toBe(403);
    expect((await api(t, 'GET', '/api/talents', p)).status).toBe(403);
    expect((await api(t, 'GET', '/api/talent_pool', p)).status).toBe(403);
  });

  it('keeps a profile, refuses a licence that is not an image, and sends a real one to review', async () => {
    const c = await createUser(t, { role: 'company' });
    const first = await api(t, 'GET', '/api/companies/mine', c);
    expect(first.data).toMatchObject({
      name: '测试财务咨询有限公司',
      status: 'unsubmitted',
      has_licence: false,
    });
    expect((await uploadLicence(t, c)).message).toBe(m.profileIncomplete);
    const bad = await api(t, 'PUT', '/api/companies/mine', c, { ...COMPANY_PROFILE, city: '河南省:杭州市' });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe(m.cityInvalid);
    expect((await api(t, 'PUT', '/api/companies/mine', c, COMPANY_PROFILE)).data.city).toBe('河南省:郑州市');
    const notImage = await uploadLicence(t, c, PDF);
    expect(notImage.code).toBe(415);
    const sent = await uploadLicence(t, c);
    expect(sent.data.status).toBe('pending');
    expect((await uploadLicence(t, c)).code).toBe(409);
  });

  it('lets staff reject with a reason and approve, messaging the company each time', async () => {
    const c = await createUser(t, { role: 'company' });
    await api(t, 'PUT', '/api/companies/mine', c, COMPANY_PROFILE);
    await uploadLicence(t, c);
    const list = await api(t, 'GET', '/api/admin/companies?status=pending&per=50', staff);
    expect(list.data.list.map((x: { user_id: number }) => x.user_id)).toContain(c.id);
    const noReason = await api(t, 'POST', `/api/admin/companies/${c.id}/review`, staff, { approve: false });
    expect(noReason.status).toBe(400);
    expect(noReason.message).toBe(m.reviewReasonRequired);
    const rejected = await api(t, 'POST', `/api/admin/companies/${c.id}/review`, staff, {
      approve: false,
      reason: '营业执照模糊',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', reject_reason: '营业执照模糊' });
    expect((await messagesOf(c))[0]!.content).toContain('营业执照模糊');
    expect((await api(t, 'POST', '/api/job_posts', c, goodPost(t))).message).toBe(m.notVerified);
    await uploadLicence(t, c);
    const approved = await api(t, 'POST', `/api/admin/companies/${c.id}/review`, staff, { approve: true });
    expect(approved.data.status).toBe('verified');
    expect((await messagesOf(c))[0]!.title).toBe('企业认证已通过');
    expect(
      (await api(t, 'POST', `/api/admin/companies/${c.id}/review`, staff, { approve: true })).status,
    ).toBe(409);
  });

  it('sends a verified company back to review when it changes its name, and keeps it verified for other edits', async () => {
    const c = await verifiedCompany(t, staff, '郑州中原会计服务有限公司');
    const edited = await api(t, 'PUT', '/api/companies/mine', c, {
      ...COMPANY_PROFILE,
      name: '郑州中原会计服务有限公司',
      intro: '新增税务筹划与财务外包服务。',
    });
    expect(edited.data.status).toBe('verified');

    const renamed = await api(t, 'PUT', '/api/companies/mine', c, {
      ...COMPANY_PROFILE,
      name: '河南中原财税服务有限公司',
    });
    expect(renamed.data.status).toBe('pending');
    expect((await api(t, 'POST', '/api/job_posts', c, goodPost(t))).message).toBe(m.notVerified);
    const queue = await api(t, 'GET', '/api/admin/companies?status=pending&per=50', staff);
    expect(queue.data.list.map((x: { user_id: number }) => x.user_id)).toContain(c.id);
    const approved = await api(t, 'POST', `/api/admin/companies/${c.id}/review`, staff, { approve: true });
    expect(approved.data).toMatchObject({ status: 'verified', name: '河南中原财税服务有限公司' });
  });

  it('keeps company review and licences to staff', async () => {
    const c = await createUser(t, { role: 'company' });
    expect((await api(t, 'GET', '/api/admin/companies', c)).status).toBe(403);
    expect((await api(t, 'POST', `/api/admin/companies/${c.id}/review`, c, { approve: true })).status).toBe(
      403,
    );
  });
});

describe('job posts and review', () => {
  let company: TestUser;
  beforeAll(async () => {
    company = await verifiedCompany(t, staff);
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ salary_band: null, salary_min: 9000, salary_max: 5000 }, m.salaryMinAboveMax],
      [{ expires_on: '2000-01-01' }, m.expiresInPast],
      [{ citys: '河南省:郑州市,河南省:洛阳市,河北省:石家庄市,吉林省:长春市' }, m.citiesTooMany],
      [{ position: '厨师' }, m.positionInvalid],
      [{ title: '' }, m.postTitleRequired],
      [{ headcount: 0 }, m.headcountInvalid],
    ];
    for (const [over, message] of cases) {
      const res = await api(t, 'POST', '/api/job_posts', company, { ...goodPost(t), ...over });
      expect(res.status, message).toBe(400);
      expect(res.message).toBe(message);
    }
    expect((await api(t, 'GET', '/api/job_posts/mine', company)).data.total).toBe(0);
  });

  it('goes online only after staff approve; rejection and offline carry a reason to the company', async () => {
    const created = await api(t, 'POST', '/api/job_posts', company, goodPost(t, { title: '税务专员' }));
    expect(created.data).toMatchObject({ status: 'pending', salary_text: '9000-15999元/月' });
    const board = async () =>
      (await api(t, 'GET', `/api/job_board?company_id=${company.id}`)).data.list.map(
        (p: { id: number }) => p.id,
      );
    expect(await board()).not.toContain(created.data.id);
    expect((await api(t, 'GET', `/api/job_board/${created.data.id}`)).status).toBe(404);
    const rejected = await api(t, 'POST', `/api/admin/job_posts/${created.data.id}/review`, staff, {
      approve: false,
      reason: '职位描述过于简单',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', review_reason: '职位描述过于简单' });
    expect((await messagesOf(company))[0]!.content).toContain('职位描述过于简单');
    const resubmitted = await api(
      t,
      'PUT',
      `/api/job_posts/${created.data.id}`,
      company,
      goodPost(t, { title: '税务专员' }),
    );
    expect(resubmitted.data.status).toBe('pending');
    await api(t, 'POST', `/api/admin/job_posts/${created.data.id}/review`, staff, { approve: true });
    expect(await board()).toContain(created.data.id);
    const off = await api(t, 'POST', `/api/admin/job_posts/${created.data.id}/offline`, staff, {
      reason: '信息不实',
    });
    expect(off.data).toMatchObject({ status: 'offline', review_reason: '信息不实' });
    expect(await board()).not.toContain(created.data.id);
  });

  it('sends an online post back to review when its substance changes, not when only the headcount does', async () => {
    const post = await onlinePost(t, company, staff, { title: '成本会计' });
    const same = await api(
      t,
      'PUT',
      `/api/job_posts/${post.id}`,
      company,
      goodPost(t, { title: '成本会计', headcount: 5 }),
    );
    expect(same.data).toMatchObject({ status: 'online', headcount: 5 });
    const changed = await api(
      t,
      'PUT',
      `/api/job_posts/${post.id}`,
      company,
      goodPost(t, { title: '高级成本会计' }),
    );
    expect(changed.data.status).toBe('pending');
  });

  it("answers another company's post like a missing one", async () => {
    const other = await verifiedCompany(t, staff, '宁波甬信会计师事务所');
    const post = await onlinePost(t, company, staff, { title: '出纳员', position: '出纳员' });
    expect((await api(t, 'GET', `/api/job_posts/mine/${post.id}`, other)).status).toBe(404);
    expect((await api(t, 'PUT', `/api/job_posts/${post.id}`, other, goodPost(t))).status).toBe(404);
    expect((await api(t, 'POST', `/api/job_posts/${post.id}/offline`, other)).status).toBe(404);
  });

  it('shows an online post as expired once its expiry date has passed, and refuses applications to it', async () => {
    const seeker = await jobSeeker(t);
    const expires = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const post = await onlinePost(t, company, staff, {
      title: '往来会计',
      position: '往来会计',
      expires_on: expires,
    });
    const later = new Date(t.clock.now().getTime() + 5 * 86_400_000);
    const saved = t.clock.now();
    t.clock.set(later);
    try {
      const mine = await api(t, 'GET', `/api/job_posts/mine/${post.id}`, company);
      expect(mine.data.status).toBe('expired');
      expect((await api(t, 'GET', `/api/job_board/${post.id}`)).status).toBe(404);
      const late = await api(t, 'POST', '/api/job_applications', seeker, { post_id: post.id });
      expect(late.status).toBe(400);
      expect(late.message).toBe(m.postNotOnline);
    } finally {
      t.clock.set(saved);
    }
  });
});

describe('job board', () => {
  /** Ids of the posts the board finds for a keyword. */
  const keywordIds = async (kw: string) =>
    (await api(t, 'GET', `/api/job_board?keyword=${encodeURIComponent(kw)}`)).data.list.map(
      (p: { id: number }) => p.id,
    );

  it('finds posts by Chinese substrings of title or company name, filters by city and salary, sorts by salary', async () => {
    const c = await verifiedCompany(t, staff, '贵阳黔达建设集团有限公司');
    const a = await onlinePost(t, c, staff, {
      title: '预算经理（基建项目）',
      position: '预算经理',
      citys: '贵州省:贵阳市',
      salary_band: 5,
    });
    const b = await onlinePost(t, c, staff, {
      title: '出纳主管',
      position: '出纳主管',
      citys: '贵州省:遵义市',
      salary_band: 2,
    });
    const ids = async (q: string) =>
      (await api(t, 'GET', `/api/job_board?${q}`)).data.list.map((p: { id: number }) => p.id);
    expect(await ids(`keyword=${encodeURIComponent('基建')}`)).toEqual([a.id]);
    expect(await ids(`keyword=${encodeURIComponent('黔达')}`)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(
      await ids(`keyword=${encodeURIComponent('黔达')}&city=${encodeURIComponent('贵州省:遵义市')}`),
    ).toEqual([b.id]);
    expect(await ids(`keyword=${encodeURIComponent('黔达')}&salary=5`)).toEqual([a.id]);
    expect(await ids(`keyword=${encodeURIComponent('黔达')}&sort=salary`)).toEqual([a.id, b.id]);
    expect(await ids(`keyword=${encodeURIComponent('100%')}`)).toEqual([]);
    const detail = await api(t, 'GET', `/api/job_board/${a.id}`);
    expect(detail.data.post.company).toMatchObject({ name: '贵阳黔达建设集团有限公司', online_posts: 2 });
  });

  it('matches Latin letters of a keyword in either case, in the title and in the company name', async () => {
    const c = await verifiedCompany(t, staff, '安顺ABC财税咨询有限公司');
    const post = await onlinePost(t, c, staff, { title: 'CMA财务分析师', position: '财务分析师' });
    for (const kw of ['cma财务', 'CMA财务', 'Cma财务', 'abc财税', 'ABC财税'])
      expect(await keywordIds(kw)).toEqual([post.id]);
    const renamed = await api(t, 'PUT', '/api/companies/mine', c, {
      ...COMPANY_PROFILE,
      name: '安顺XYZ财税咨询有限公司',
    });
    expect(renamed.code, renamed.message).toBe(200);
    expect(await keywordIds('xyz财税')).toEqual([post.id]);
    expect(await keywordIds('abc财税')).toEqual([]);
  });

  it("finds a company's online posts by its new name after a rename, and no longer by the old one", async () => {
    const c = await verifiedCompany(t, staff, '六盘水凉都财务咨询有限公司');
    const post = await onlinePost(t, c, staff, { title: '税务专员', position: '税务会计' });
    expect(await keywordIds('凉都财务')).toEqual([post.id]);
    const renamed = await api(t, 'PUT', '/api/companies/mine', c, {
      ...COMPANY_PROFILE,
      name: '贵州钟山税务师事务所',
    });
    expect(renamed.code, renamed.message).toBe(200);
    expect(await keywordIds('钟山税务师')).toEqual([post.id]);
    expect(await keywordIds('凉都财务')).toEqual([]);
  });

  it('refuses a keyword over the limit', async () => {
    const res = await api(t, 'GET', `/api/job_board?keyword=${'会'.repeat(31)}`);
    expect(res.status).toBe(400);
    expect(res.message).toBe(m.keywordTooLong);
  });
});

describe('applications', () => {
  let company: TestUser;
  let other: TestUser;
  let post: { id: number };
  beforeAll(async () => {
    company = await verifiedCompany(t, staff, '河北冀华制造有限公司');
    other = await verifiedCompany(t, staff, '吉林长白财税服务有限公司');
    post = await onlinePost(t, company, staff, { title: '财务经理', position: '财务经理' });
  });

  it('applies once with the portrait and a PDF, refusing a second application, a company applicant and a PNG attachment', async () => {
    const p = await jobSeeker(t);
    const pdf = (await upload(t, p, PDF, 'resume.pdf')).json.data;
    const png = (await upload(t, p, PNG)).json.data;
    expect(
      (await api(t, 'POST', '/api/job_applications', p, { post_id: post.id, attachment_id: png.id })).message,
    ).toBe(m.attachmentPdfOnly);
    const sent = await api(t, 'POST', '/api/job_applications', p, {
      post_id: post.id,
      attachment_id: pdf.id,
    });
    expect(sent.data).toMatchObject({ status: 'sent', post: { id: post.id } });
    const again = await api(t, 'POST', '/api/job_applications', p, { post_id: post.id });
    expect(again.status).toBe(409);
    expect(again.message).toBe(m.alreadyApplied);
    expect((await api(t, 'POST', '/api/job_applications', company, { post_id: post.id })).message).toBe(
      m.personalOnly,
    );
    expect((await messagesOf(company))[0]!.title).toBe('收到新的简历');
  });

  it('needs a job intention and refuses offline posts', async () => {
    const bare = await createUser(t);
    expect((await api(t, 'POST', '/api/job_applications', bare, { post_id: post.id })).message).toBe(
      m.needIntention,
    );
    const off = await onlinePost(t, company, staff, { title: '审计助理', position: '审计助理' });
    await api(t, 'POST', `/api/job_posts/${off.id}/offline`, company);
    const p = await jobSeeker(t);
    const res = await api(t, 'POST', '/api/job_applications', p, { post_id: off.id });
    expect(res.status).toBe(400);
    expect(res.message).toBe(m.postNotOnline);
  });

  it("gives a company its centre figures (posts, new and total applications, talent pool) and refuses a person", async () => {
    const own = await verifiedCompany(t, staff, '山西汾河会计服务有限公司');
    const job = await onlinePost(t, own, staff, { title: '财务经理', position: '财务经理' });
    const empty = await api(t, 'GET', '/api/companies/mine/overview', own);
    expect(empty.data).toMatchObject({
      name: '山西汾河会计服务有限公司',
      status: 'verified',
      posts_online: 1,
      posts_pending: 0,
      applications_total: 0,
      applications_new: 0,
      pool_size: 0,
    });
    const a = await jobSeeker(t);
    const b = await jobSeeker(t);
    const sentA = await api(t, 'POST', '/api/job_applications', a, { post_id: job.id });
    await api(t, 'POST', '/api/job_applications', b, { post_id: job.id });
    await api(t, 'GET', `/api/job_applications/${sentA.data.id}/resume`, own);
    await api(t, 'POST', '/api/talent_pool', own, { user_id: a.id });
    expect((await api(t, 'GET', '/api/companies/mine/overview', own)).data).toMatchObject({
      applications_total: 2,
      applications_new: 1,
      pool_size: 1,
    });
    const person = await createUser(t);
    expect((await api(t, 'GET', '/api/companies/mine/overview', person)).status).toBe(403);
    expect((await api(t, 'GET', '/api/companies/mine/overview')).status).toBe(406);
  });

  it('withdraws until the company looks, then masks contacts until the interview is accepted', async () => {
    const p = await jobSeeker(t, { name: '李娜', sex: '女' });
    await api(t, 'PUT', '/api/user_infos/personal_info', p, { id_number: '410102199001011234' });
    const quick = await jobSeeker(t);
    const q = await api(t, 'POST', '/api/job_applications', quick, { post_id: post.id });
    expect((await api(t, 'POST', `/api/job_applications/${q.data.id}/withdraw`, quick)).data.status).toBe(
      'withdrawn',
    );

    const sent = await api(t, 'POST', '/api/job_applications', p, { post_id: post.id });
    const id = sent.data.id as number;
    const received = await api(t, 'GET', `/api/job_applications/received?post_id=${post.id}`, company);
    expect(received.data.list.find((a: { id: number }) => a.id === id).applicant.name).toBe('李女士');

    const resume = await api(t, 'GET', `/api/job_applications/${id}/resume`, company);
    expect(resume.data.masked).toBe(true);
    expect(resume.data.portrait.user_info.phone).toMatch(/\*{4}/);
    expect(resume.data.portrait.user_info.id_number).toBe('4101**********1234');
    expect(resume.data.verified_study).toMatchObject({ star_id: 0, learn_seconds_12m: 0 });
    expect(resume.data.application.status).toBe('viewed');
    expect((await messagesOf(p))[0]!.title).toBe('企业查看了您的简历');
    expect((await api(t, 'POST', `/api/job_applications/${id}/withdraw`, p)).message).toBe(m.cannotWithdraw);

    const past = await api(t, 'POST', '/api/job_applications/mark', company, {
      ids: [id],
      status: 'interview',
      interview_at: '2000-01-01T02:00:00Z',
      interview_place: '郑州',
    });
    expect(past.message).toBe(m.interviewInPast);
    const when = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString();
    const invited = await api(t, 'POST', '/api/job_applications/mark', company, {
      ids: [id],
      status: 'interview',
      interview_at: when,
      interview_place: '石家庄市长安区中山东路1号',
    });
    expect(invited.data.updated).toBe(1);
    expect((await messagesOf(p))[0]).toMatchObject({ title: '面试邀请' });
    const mine = await api(t, 'GET', '/api/job_applications/sent', p);
    expect(mine.data.list[0]).toMatchObject({
      status: 'interview',
      interview_place: '石家庄市长安区中山东路1号',
    });

    expect((await api(t, 'POST', `/api/job_applications/${id}/accept_interview`, quick)).status).toBe(404);
    expect(
      (await api(t, 'POST', `/api/job_applications/${id}/accept_interview`, p)).data.interview_accepted,
    ).toBe(true);
    const open = await api(t, 'GET', `/api/job_applications/${id}/resume`, company);
    expect(open.data.masked).toBe(false);
    expect(open.data.portrait.user_info.id_number).toBe('410102199001011234');
    expect((await messagesOf(company))[0]!.title).toBe('求职者已接受面试邀请');
  });

  it("hides a company's applications, resumes and marks from another company (404, nothing written)", async () => {
    const p = await jobSeeker(t);
    const sent = await api(t, 'POST', '/api/job_applications', p, { post_id: post.id });
    const id = sent.data.id as number;
    expect((await api(t, 'GET', `/api/job_applications/${id}/resume`, other)).status).toBe(404);
    const received = await api(t, 'GET', '/api/job_applications/received', other);
    expect(received.data.list.map((a: { id: number }) => a.id)).not.toContain(id);
    const mark = await api(t, 'POST', '/api/job_applications/mark', other, {
      ids: [id],
      status: 'unsuitable',
    });
    expect(mark.status).toBe(404);
    const both = await api(t, 'POST', '/api/job_applications/mark', company, {
      ids: [id, 999999],
      status: 'unsuitable',
    });
    expect(both.status).toBe(404);
    const mine = await api(t, 'GET', '/api/job_applications/sent', p);
    expect(mine.data.list[0].status).toBe('sent');
  });

  it('opens credential scans to a company only through an application to it', async () => {
    const p = await jobSeeker(t);
    const scan = (await upload(t, p, PNG)).json.data;
    const file = (u: TestUser) => t.app.inject({ method: 'GET', url: scan.url, headers: u.headers });
    expect((await file(company)).statusCode).toBe(404);
    await api(t, 'POST', '/api/job_applications', p, { post_id: post.id });
    expect((await file(company)).statusCode).toBe(200);
    expect((await file(other)).statusCode).toBe(404);
  });

  it("shows the applicant's valid exam certificates in the resume's platform-verified record", async () => {
    const p = await jobSeeker(t);
    const fx = await makeExam(t);
    const attempt = await registerAndStart(t, p, fx);
    const answers = (attempt.questions as { id: number }[]).map((q) => ({
      question_id: q.id,
      answer: rightAnswer(fx, q.id),
      flagged: false,
    }));
    await api(t, 'PUT', `/api/exam_attempts/${attempt.id}/answers`, p, { answers });
    const result = await api(t, 'POST', `/api/exam_attempts/${attempt.id}/submit`, p);
    const number = result.data.certificate_number as string;
    expect(number).toMatch(/^ZC\d{12}$/);

    const sent = await api(t, 'POST', '/api/job_applications', p, { post_id: post.id });
    const resume = await api(t, 'GET', `/api/job_applications/${sent.data.id}/resume`, company);
    expect(resume.data.verified_study.certificates).toEqual([
      expect.objectContaining({ number, exam_name: expect.any(String), valid_until: expect.any(String) }),
    ]);
  });
});

describe('talent query, pool and recommendation', () => {
  let company: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    company = await verifiedCompany(t, staff, '广西桂通物流有限公司');
    other = await verifiedCompany(t, staff, '南宁邕江会计服务有限公司');
  });

  it('finds public portraits only, masks names, and drops a portrait the moment it is hidden', async () => {
    const p = await jobSeeker(t, { name: '覃志强', citys: '广西壮族自治区:南宁市', positions: '资金经理' });
    await jobSeeker(t, {
      name: '黄丽',
      citys: '广西壮族自治区:南宁市',
      positions: '资金经理',
      show_personal_info: 'false',
    });
    const q = `/api/talents?region=${encodeURIComponent('广西壮族自治区')}&position=${encodeURIComponent('资金经理')}`;
    const found = await api(t, 'GET', q, company);
    expect(found.data.list).toHaveLength(1);
    expect(found.data.list[0]).toMatchObject({ user_id: p.id, name: '覃先生' });
    expect(JSON.stringify(found.data)).not.toContain(p.phone);

    const saved = await api(t, 'POST', '/api/talent_pool', company, {
      user_id: p.id,
      tags: ['资金', '南宁'],
      note: '沟通顺畅',
    });
    expect(saved.data).toMatchObject({ hidden: false, tags: ['资金', '南宁'], note: '沟通顺畅' });
    expect((await api(t, 'POST', '/api/talent_pool', company, { user_id: p.id })).status).toBe(409);
    expect(
      (
        await api(t, 'POST', '/api/talent_pool', company, {
          user_id: p.id,
          tags: ['一', '二', '三', '四', '五', '六'],
        })
      ).message,
    ).toBe(m.tagsTooMany);

    await api(t, 'POST', '/api/user_apply_jobs', p, {
      name: '覃志强',
      sex: '男',
      biithday: '1990-05-01',
      salary: '3',
      show_personal_info: 'false',
      citys: '广西壮族自治区:南宁市',
      positions: '资金经理',
      industries: '制造业',
    });
    expect((await api(t, 'GET', q, company)).data.list).toHaveLength(0);
    expect((await api(t, 'GET', `/api/talents/${p.id}`, company)).status).toBe(404);
    const pool = await api(t, 'GET', '/api/talent_pool', company);
    expect(pool.data.list[0]).toMatchObject({ user_id: p.id, hidden: true, talent: null, note: '沟通顺畅' });
  });

  it('matches a position and a region exactly, by province or by city, and follows an edited intention', async () => {
    const p = await jobSeeker(t, {
      name: '马文清',
      citys: '青海省:西宁市,宁夏回族自治区:银川市',
      positions: '总账会计,预算专员',
    });
    const found = async (region: string, position: string) =>
      (
        (
          await api(
            t,
            'GET',
            `/api/talents?region=${encodeURIComponent(region)}&position=${encodeURIComponent(position)}`,
            company,
          )
        ).data.list as { user_id: number }[]
      ).map((r) => r.user_id);
    expect(await found('宁夏回族自治区', '预算专员')).toEqual([p.id]);
    expect(await found('青海省:西宁市', '总账会计')).toEqual([p.id]);
    expect(await found('宁夏回族自治区:固原市', '总账会计')).toEqual([]);
    // Part of a position or a province is not a match.
    expect(await found('青海省', '会计')).toEqual([]);
    expect(await found('青海', '总账会计')).toEqual([]);

    await postForm(t, 'POST', '/api/user_apply_jobs', p, {
      ...GOOD_JOB,
      name: '马文清',
      citys: '青海省:海东市',
      positions: '成本会计',
    });
    expect(await found('青海省', '总账会计')).toEqual([]);
    expect(await found('宁夏回族自治区', '成本会计')).toEqual([]);
    expect(await found('青海省', '成本会计')).toEqual([p.id]);
    expect(await found('青海省:海东市', '成本会计')).toEqual([p.id]);
  });

  it('orders and filters by the star level as it changes, and drops an account the moment staff disable it', async () => {
    const region = '西藏自治区';
    const low = await jobSeeker(t, { name: '次仁', citys: `${region}:拉萨市`, positions: '税务会计' });
    const high = await jobSeeker(t, { name: '卓玛', citys: `${region}:日喀则市`, positions: '税务会计' });
    const q = (star?: number) =>
      `/api/talents?region=${encodeURIComponent(region)}${star ? `&star_min=${star}` : ''}`;
    const ids = async (star?: number) =>
      ((await api(t, 'GET', q(star), company)).data.list as { user_id: number }[]).map((r) => r.user_id);

    // The learning area raises a star level: order and filter follow at once.
    const setStar = (userId: number, starId: number) =>
      t.db.update(personalAchieve).set({ starId }).where(eq(personalAchieve.userId, userId));
    await setStar(high.id, 2);
    expect(await ids()).toEqual([high.id, low.id]);
    expect(await ids(3)).toEqual([]);
    await setStar(high.id, 4);
    expect(await ids(3)).toEqual([high.id]);
    const list = (await api(t, 'GET', q(3), company)).data.list;
    expect(list[0]).toMatchObject({ user_id: high.id, star_id: 4 });

    // A portrait saved after the star level was reached starts with it.
    const late = await createUser(t);
    await setStar(late.id, 5);
    await postForm(t, 'POST', '/api/user_apply_jobs', late, {
      ...GOOD_JOB,
      name: '格桑',
      citys: `${region}:林芝市`,
      positions: '税务会计',
    });
    expect(await ids(3)).toEqual([late.id, high.id]);

    // Its achievements row removed and written again (as a re-import would): the copy follows both.
    await t.db.delete(personalAchieve).where(eq(personalAchieve.userId, high.id));
    expect(await ids(3)).toEqual([late.id]);
    await t.db.insert(personalAchieve).values({ userId: high.id, starId: 4 });
    expect(await ids(3)).toEqual([late.id, high.id]);

    // Disabled by staff: gone from the query; enabled again: back.
    const off = await api(t, 'POST', `/api/admin/users/${high.id}/disabled`, staff, {
      disabled: true,
      reason: '冒用他人身份',
    });
    expect(off.code).toBe(200);
    expect(await ids()).toEqual([late.id, low.id]);
    await api(t, 'POST', `/api/admin/users/${high.id}/disabled`, staff, {
      disabled: false,
      reason: '核实无误',
    });
    expect(await ids()).toEqual([late.id, high.id, low.id]);
  });

  it('reads the same pages whether it walks the order index or gathers the matches, with the total counted apart', async () => {
    const region = '海南省';
    const people: TestUser[] = [];
    for (const [i, position] of [
      '出纳员',
      '出纳员',
      '税务会计',
      '出纳员',
      '成本会计',
      '出纳员',
      '出纳员',
    ].entries()) {
      const p = await jobSeeker(t, {
        name: `海南${i}`,
        citys: `${region}:${i % 2 ? '海口市' : '三亚市'}`,
        positions: position,
      });
      await t.db
        .update(personalAchieve)
        .set({ starId: i % 3 })
        .where(eq(personalAchieve.userId, p.id));
      people.push(p);
      t.clock.advance(1000);
    }
    const filters = [
      { region },
      { region, position: '出纳员' },
      { region: `${region}:海口市`, position: '出纳员' },
      { region, starMin: 1 },
      { region, position: '不存在的职位' },
    ];
    for (const f of filters) {
      const all = await recruitingRepository.talents(t.db, {
        today: '2026-11-27',
        companyId: company.id,
        ...f,
        limit: 50,
        offset: 0,
      });
      expect(all.length, JSON.stringify(f)).toBe(
        await recruitingRepository.talentCount(t.db, { today: '2026-11-27', ...f }),
      );
      for (const offset of [0, 2, 5]) {
        const page = { today: '2026-11-27', companyId: company.id, ...f, limit: 2, offset };
        const walked = await recruitingRepository.talents(t.db, { ...page, walk: true });
        const gathered = await recruitingRepository.talents(t.db, { ...page, walk: false });
        expect(walked, JSON.stringify(page)).toEqual(gathered);
        expect(walked.map((r) => r.user_id)).toEqual(all.slice(offset, offset + 2).map((r) => r.user_id));
      }
    }
    // Through the API: the last page's total is what the pages hold, even while the counted total is reused.
    const q = `/api/talents?region=${encodeURIComponent(region)}&position=${encodeURIComponent('出纳员')}&per=2`;
    const first = (await api(t, 'GET', `${q}&page=1`, company)).data;
    expect(first.total).toBe(5);
    const late = await jobSeeker(t, { name: '海南新', citys: `${region}:海口市`, positions: '出纳员' });
    const last = (await api(t, 'GET', `${q}&page=3`, company)).data;
    expect(last.list.map((r: { user_id: number }) => r.user_id)).toHaveLength(2);
    expect(last.total).toBe(6);
    expect(late.id).toBeGreaterThan(0);
    // Walks when the matches are many enough for a page to be found early in the order; never for no match.
    expect(walkTalents(500, 200_000, 10)).toBe(true);
    expect(walkTalents(400, 200_000, 10)).toBe(false);
    expect(walkTalents(500, 200_000, 1_000)).toBe(false);
    expect(walkTalents(0, 0, 10)).toBe(false);
  });

  it("keeps one company's pool and notes from another", async () => {
    const p = await jobSeeker(t, { name: '韦小宝', citys: '广西壮族自治区:柳州市' });
    const saved = await api(t, 'POST', '/api/talent_pool', company, { user_id: p.id, note: '仅本企业可见' });
    const id = saved.data.id as number;
    const theirs = await api(t, 'GET', '/api/talent_pool', other);
    expect(JSON.stringify(theirs.data)).not.toContain('仅本企业可见');
    expect((await api(t, 'PUT', `/api/talent_pool/${id}`, other, { tags: [], note: 'x' })).status).toBe(404);
    expect((await api(t, 'DELETE', `/api/talent_pool/${id}`, other)).status).toBe(404);
    expect((await api(t, 'POST', `/api/talent_pool/${id}/invite`, other, { post_id: 1 })).status).toBe(404);
  });

  it('recommends with reasons in a fixed order: city and position before position alone', async () => {
    const post = await onlinePost(t, company, staff, {
      title: '融资经理',
      position: '融资经理',
      citys: '广西壮族自治区:桂林市',
      salary_band: 4,
    });
    const near = await jobSeeker(t, {
      name: '莫一',
      citys: '广西壮族自治区:桂林市',
      positions: '融资经理',
      salary: '4',
    });
    const far = await jobSeeker(t, {
      name: '莫二',
      citys: '北京市:北京市',
      positions: '融资经理',
      salary: '0',
    });
    const rec = await api(t, 'GET', '/api/recommend', company);
    const ids = rec.data.talents.map((x: { user_id: number }) => x.user_id);
    expect(ids.indexOf(near.id)).toBeLessThan(ids.indexOf(far.id));
    const first = rec.data.talents.find((x: { user_id: number }) => x.user_id === near.id);
    expect(first.reason).toEqual({
      city: '桂林市',
      position: '融资经理',
      salary: '16000-20999元',
      score: 100,
    });
    expect(first.post.id).toBe(post.id);
    const mine = await api(t, 'GET', '/api/recommend', near);
    expect(mine.data.posts[0]).toMatchObject({ id: post.id, reason: { score: 100 } });

    const entry = await api(t, 'POST', '/api/talent_pool', company, {
      user_id: near.id,
      source: 'recommend',
    });
    expect(
      (await api(t, 'POST', `/api/talent_pool/${entry.data.id}/invite`, company, { post_id: post.id })).code,
    ).toBe(200);
    expect((await messagesOf(near))[0]!.content).toContain(`/jobDetail/jinfo?id=${post.id}`);
  });

  it("shows a member the national talent pool entry, this month's company views and a talent code", async () => {
    const member = await jobSeeker(t, { name: '蒙晓' }, { memberDays: 30 });
    await api(t, 'GET', `/api/talents/${member.id}`, company);
    await api(t, 'GET', `/api/talents/${member.id}`, company);
    await api(t, 'GET', `/api/talents/${member.id}`, other);
    const res = await api(t, 'GET', '/api/talent_pool/me', member);
    expect(res.data).toMatchObject({ is_member: true, in_pool: true, views_this_month: 2 });
    expect(res.data.qr_png).toMatch(/^data:image\/png;base64,/);
    const plain = await jobSeeker(t);
    expect((await api(t, 'GET', '/api/talent_pool/me', plain)).data).toMatchObject({
      in_pool: false,
      qr_png: null,
    });
  });
});
