import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import {
  App,
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  COURSE_MAX_RATES,
  COURSE_PRICE_TYPE_LABELS,
  COURSE_SUMMARY_MAX,
  COURSE_TITLE_MAX,
  LESSON_QUESTION_KIND_LABELS,
  LESSON_TITLE_MAX,
  MAX_PLAYBACK_RATE,
  PRESENCE_DEFAULT_MAX_MINUTES,
  PRESENCE_DEFAULT_MIN_MINUTES,
  PRESENCE_MINUTES_MAX,
  PRESENCE_MINUTES_MIN,
  QUESTION_OPTIONS_MAX,
  VIDEO_JOB_STATUS_LABELS,
  courseAdminMessages as m,
  courseBodySchema,
  lessonQuestionBodySchema,
  type AdminCourse,
  type AdminLesson,
  type AdminQuestion,
  type CourseBody,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import {
  courseAdminApi,
  useAdminCourse,
  useCourseAction,
  useCourseAdminRefresh,
  useCourseTags,
  useCourseTeachers,
  useLessonQuestions,
} from '../api/course-admin-api';
import { ImageUploadField } from '../components/image-upload-field';
import { SubtitleCell } from '../components/subtitle-cell';
import { uploadInChunks } from '../lib/chunked-upload';

const DescriptionEditor = lazy(() => import('../components/description-editor'));

interface CourseForm {
  title: string;
  summary: string;
  description_html: string;
  cover: string;
  teacher_id: number;
  tag_ids: number[];
  kind: 'video' | 'outer_link';
  outer_url?: string;
  price_type: 'free' | 'member' | 'paid';
  /** Yuan in the form; fen on the wire. */
  price?: number;
  member_price?: number | null;
  /** Presence checks (学习确认) every min-max minutes; both empty: the default. */
  presence_min_minutes?: number | null;
  presence_max_minutes?: number | null;
  max_playback_rate?: number | null;
}

const toFen = (yuan: number | null | undefined) => (yuan == null ? null : Math.round(yuan * 100));

/** Puts a 400's field errors on the form, or shows its message. */
function showError(err: unknown, form: { setFields: (f: { name: string; errors: string[] }[]) => void }, message: { error: (s: string) => void }) {
  if (!isApiError(err)) return message.error('保存失败，请重试');
  const fields = Object.entries(err.fieldErrors);
  if (fields.length > 0) form.setFields(fields.map(([name, e]) => ({ name: name.split('.')[0]!, errors: [e] })));
  else message.error(err.message);
}

function BasicsTab({ course, onSaved }: { course: AdminCourse | null; onSaved: (c: AdminCourse) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseForm>();
  const tags = useCourseTags();
  const teachers = useCourseTeachers();
  const [saving, setSaving] = useState(false);
  const priceType = Form.useWatch('price_type', form);
  const kind = Form.useWatch('kind', form);

  const tagOptions = useMemo(() => {
    const all = tags.data ?? [];
    return all
      .filter((t) => t.parent_id === null)
      .map((top) => ({
        label: top.name,
        title: top.name,
        options: all.filter((c) => c.parent_id === top.id).map((c) => ({ label: c.name, value: c.id })),
      }));
  }, [tags.data]);

  const initial: Partial<CourseForm> = course
    ? {
        title: course.title,
        summary: course.summary,
        description_html: course.description_html,
        cover: course.cover,
        teacher_id: course.teacher_id,
        tag_ids: course.tag_ids,
        kind: course.kind,
        outer_url: course.outer_url ?? undefined,
        price_type: course.price_type,
        price: course.price / 100,
        member_price: course.member_price === null ? null : course.member_price / 100,
        presence_min_minutes: course.presence_min_minutes,
        presence_max_minutes: course.presence_max_minutes,
        max_playback_rate: course.max_playback_rate,
      }
    : { kind: 'video', price_type: 'free', tag_ids: [], description_html: '' };

  async function submit(v: CourseForm) {
    const body: CourseBody = {
      ...v,
      outer_url: v.kind === 'outer_link' ? (v.outer_url ?? '') : null,
      price: v.price_type === 'paid' ? (toFen(v.price) ?? 0) : 0,
      member_price: v.price_type === 'paid' ? toFen(v.member_price) : null,
      presence_min_minutes: v.presence_min_minutes ?? null,
      presence_max_minutes: v.presence_max_minutes ?? null,
      max_playback_rate: v.max_playback_rate ?? null,
    };
    // The server's rule, checked here first so the form shows the same Chinese messages.
    const parsed = courseBodySchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof CourseForm, errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      const saved = course ? await courseAdminApi.update(course.id, body) : await courseAdminApi.create(body);
      message.success(course ? '已保存' : '课程已创建，请添加课时');
      onSaved(saved);
    } catch (err) {
      showError(err, form as never, message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} style={{ maxWidth: 760 }}>
      <Form.Item name="title" label="课程名称" rules={[{ required: true, whitespace: true, message: m.titleRequired }, { max: COURSE_TITLE_MAX, message: m.titleTooLong }]}>
        <Input placeholder="例如：企业内部控制实务精讲" />
      </Form.Item>
      <Form.Item name="summary" label="课程简介" rules={[{ required: true, whitespace: true, message: m.summaryRequired }, { max: COURSE_SUMMARY_MAX, message: m.summaryTooLong }]}>
        <Input.TextArea rows={2} showCount maxLength={COURSE_SUMMARY_MAX} />
      </Form.Item>
      <Form.Item name="cover" label="课程封面" rules={[{ required: true, message: m.coverRequired }]}>
        <ImageUploadField
          upload={courseAdminApi.uploadImage}
          onError={(err) => form.setFields([{ name: 'cover', errors: [isApiError(err) ? err.message : m.imageNotImage] }])}
          alt="课程封面"
          width={192}
          height={108}
          imgStyle={{ borderRadius: 4 }}
          uploadLabel="上传封面"
          replaceLabel="更换封面"
        />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="teacher_id" label="讲师" rules={[{ required: true, message: m.teacherRequired }]}>
          <Select
            style={{ width: 240 }}
            placeholder="选择讲师"
            loading={teachers.isLoading}
            options={(teachers.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.title}）` }))}
          />
        </Form.Item>
        <Form.Item name="tag_ids" label="课程标签" rules={[{ required: true, type: 'array', min: 1, message: m.tagsRequired }]}>
          <Select mode="multiple" style={{ width: 360 }} placeholder="选择二级标签" options={tagOptions} maxCount={5} />
        </Form.Item>
      </Space>
      <Form.Item name="kind" label="课程形式" rules={[{ required: true, message: m.kindRequired }]}>
        <Radio.Group disabled={course?.published} options={[{ value: 'video', label: '视频课程' }, { value: 'outer_link', label: '外部链接课程' }]} />
      </Form.Item>
      {kind === 'outer_link' ? (
        <Form.Item name="outer_url" label="外部链接" rules={[{ required: true, pattern: /^https?:\/\/\S+$/i, message: m.outerUrlRequired }]}>
          <Input placeholder="https://" />
        </Form.Item>
      ) : null}
      <Form.Item name="price_type" label="收费方式" rules={[{ required: true, message: m.priceTypeRequired }]}>
        <Radio.Group options={(['free', 'member', 'paid'] as const).map((p) => ({ value: p, label: COURSE_PRICE_TYPE_LABELS[p] }))} />
      </Form.Item>
      {priceType === 'paid' ? (
        <Space size="large">
          <Form.Item name="price" label="价格（元）" rules={[{ required: true, type: 'number', min: 0.01, message: m.priceRequired }]}>
            <InputNumber min={0} max={99999} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="member_price" label="会员价（元，留空按6折）" dependencies={['price']} rules={[({ getFieldValue }) => ({ validator: (_, v: number | null) => (v == null || v <= (getFieldValue('price') ?? 0) ? Promise.resolve() : Promise.reject(new Error(m.memberPriceTooHigh))) })]}>
            <InputNumber min={0} max={99999} precision={2} style={{ width: 160 }} />
          </Form.Item>
        </Space>
      ) : null}
      {kind !== 'outer_link' ? (
        <Space size="large" wrap align="start">
          <Form.Item
            name="presence_min_minutes"
            label="学习确认间隔（分钟，最短）"
            extra={`留空按每${PRESENCE_DEFAULT_MIN_MINUTES}–${PRESENCE_DEFAULT_MAX_MINUTES}分钟随机确认一次`}
          >
            <InputNumber min={PRESENCE_MINUTES_MIN} max={PRESENCE_MINUTES_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="presence_max_minutes" label="学习确认间隔（分钟，最长）">
            <InputNumber min={PRESENCE_MINUTES_MIN} max={PRESENCE_MINUTES_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="max_playback_rate" label="最高计时倍速">
            <Select
              style={{ width: 160 }}
              allowClear
              placeholder={`默认 ${MAX_PLAYBACK_RATE}x`}
              options={COURSE_MAX_RATES.map((r) => ({ value: r, label: `${r}x` }))}
            />
          </Form.Item>
        </Space>
      ) : null}
      <Form.Item name="description_html" label="课程详情">
        <Suspense fallback={<div style={{ minHeight: 220 }} />}>
          <DescriptionEditor />
        </Suspense>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {course ? '保存' : '创建课程'}
      </Button>
    </Form>
  );
}

function VideoCell({ lesson, onUploaded }: { lesson: AdminLesson; onUploaded: () => void }) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const job = lesson.video_job;

  async function upload(file: File) {
    setError(null);
    setPercent(0);
    try {
      await uploadInChunks(
        { start: courseAdminApi.startUpload, state: courseAdminApi.uploadState, put: courseAdminApi.putChunk },
        lesson.id,
        file,
        setPercent,
      );
      message.success(m.uploadDone);
      onUploaded();
    } catch (err) {
      setError(isApiError(err) ? err.message : '上传失败，请检查网络后重新选择该文件继续上传');
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Space wrap>
        {lesson.video_ready ? <Tag color="green">视频已就绪</Tag> : <Tag>暂无视频</Tag>}
        {job && job.status !== 'done' ? (
          <Tag color={job.status === 'failed' ? 'red' : 'processing'}>
            {VIDEO_JOB_STATUS_LABELS[job.status]}
            {job.status === 'running' ? ` ${job.progress}%` : ''}
          </Tag>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="video/*,.mp4,.mov,.mkv,.avi,.flv,.ts,.wmv"
          aria-label={`上传「${lesson.title}」的视频`}
          style={{ display: 'none' }}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void upload(f);
          }}
        />
        <Button size="small" disabled={percent !== null} onClick={() => input.current?.click()}>
          {lesson.video_ready ? '更换视频' : '上传视频'}
        </Button>
      </Space>
      {percent !== null ? <Progress percent={percent} size="small" aria-label="上传进度" /> : null}
      {job?.status === 'running' ? <Progress percent={job.progress} size="small" status="active" aria-label="转码进度" /> : null}
      {job?.status === 'failed' ? <Alert type="error" showIcon message={`转码失败：${job.error ?? ''}`} description={lesson.video_ready ? '学员仍观看原视频。' : undefined} /> : null}
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Space>
  );
}

function LessonsTab({ course }: { course: AdminCourse }) {
  const { message } = App.useApp();
  const refresh = useCourseAdminRefresh();
  const [form] = Form.useForm<{ title: string; is_trial: boolean }>();
  const [dragId, setDragId] = useState<number | null>(null);
  const reorder = useCourseAction((ids: number[]) => courseAdminApi.reorder(course.id, ids));
  const lessons = course.lessons;

  function move(from: number, to: number) {
    if (to < 0 || to >= lessons.length || from === to) return;
    const ids = lessons.map((l) => l.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate(ids);
  }

  async function add(v: { title: string; is_trial: boolean }) {
    try {
      await courseAdminApi.createLesson({ course_id: course.id, title: v.title, is_trial: v.is_trial ?? false });
      form.resetFields();
      message.success('课时已添加，请上传视频');
      await refresh();
    } catch (err) {
      showError(err, form as never, message);
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {course.published ? <Alert type="info" showIcon message="课程已发布：可以修改课时名称、试看，更换视频和字幕；新增或删除课时请先下架。" /> : null}
      <Table<AdminLesson>
        rowKey="id"
        pagination={false}
        dataSource={lessons}
        onRow={(l, index) => ({
          draggable: true,
          onDragStart: () => setDragId(l.id),
          onDragOver: (e) => e.preventDefault(),
          onDrop: () => {
            const from = lessons.findIndex((x) => x.id === dragId);
            if (from >= 0 && index !== undefined) move(from, index);
            setDragId(null);
          },
          style: { cursor: 'grab', opacity: dragId === l.id ? 0.5 : 1 },
        })}
        columns={[
          { title: '', width: 36, render: () => <HolderOutlined aria-hidden /> },
          { title: '序号', dataIndex: 'sort', width: 60 },
          {
            title: '课时名称',
            render: (_, l) => (
              <Input
                defaultValue={l.title}
                aria-label={`第${l.sort}课名称`}
                maxLength={LESSON_TITLE_MAX}
                onBlur={(e) => {
                  const title = e.target.value.trim();
                  if (!title) return message.error(m.lessonTitleRequired);
                  if (title !== l.title) void courseAdminApi.updateLesson(l.id, { title, is_trial: l.is_trial }).then(() => refresh(), (err: unknown) => message.error(isApiError(err) ? err.message : '保存失败'));
                }}
              />
            ),
          },
          {
            title: '试看',
            width: 70,
            render: (_, l) => (
              <Checkbox
                checked={l.is_trial}
                aria-label={`第${l.sort}课试看`}
                onChange={(e) => void courseAdminApi.updateLesson(l.id, { title: l.title, is_trial: e.target.checked }).then(() => refresh())}
              />
            ),
          },
          { title: '时长', width: 80, render: (_, l) => (l.duration ? `${Math.floor(l.duration / 60)}:${String(l.duration % 60).padStart(2, '0')}` : '—') },
          {
            title: '视频与字幕',
            width: 300,
            render: (_, l) => (
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                <VideoCell lesson={l} onUploaded={() => void refresh()} />
                <SubtitleCell lesson={l} onChanged={() => void refresh()} />
              </Space>
            ),
          },
          {
            title: '操作',
            width: 130,
            render: (_, l, i) => (
              <Space size={0}>
                <Button type="text" size="small" aria-label="上移" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} />
                <Button type="text" size="small" aria-label="下移" icon={<ArrowDownOutlined />} disabled={i === lessons.length - 1} onClick={() => move(i, i + 1)} />
                <Popconfirm title="删除课时将同时删除其课后习题，确定删除？" onConfirm={() => courseAdminApi.deleteLesson(l.id).then(() => refresh())}>
                  <Button type="link" size="small" danger disabled={course.published}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {!course.published ? (
        <Form form={form} layout="inline" onFinish={add}>
          <Form.Item name="title" rules={[{ required: true, whitespace: true, message: m.lessonTitleRequired }, { max: LESSON_TITLE_MAX, message: m.lessonTitleTooLong }]}>
            <Input placeholder="新课时名称" aria-label="新课时名称" style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="is_trial" valuePropName="checked">
            <Checkbox>试看</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit">
            添加课时
          </Button>
        </Form>
      ) : null}
    </Space>
  );
}

interface QuestionForm {
  kind: 'single' | 'multiple';
  stem: string;
  options: string[];
  answer: string[];
  explanation: string;
}

function QuestionsTab({ course }: { course: AdminCourse }) {
  const { message } = App.useApp();
  const [lessonId, setLessonId] = useState<number | null>(course.lessons[0]?.id ?? null);
  const questions = useLessonQuestions(lessonId);
  const refresh = useCourseAdminRefresh();
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  const [form] = Form.useForm<QuestionForm>();
  const options = Form.useWatch('options', form) ?? [];

  function open(q: AdminQuestion | 'new') {
    setEditing(q);
    form.setFieldsValue(
      q === 'new'
        ? { kind: 'single', stem: '', options: ['', '', '', ''], answer: [], explanation: '' }
        : { kind: q.kind, stem: q.stem, options: q.options.map((o) => o.text), answer: q.answer, explanation: q.explanation },
    );
  }

  async function save() {
    const v = await form.validateFields();
    const parsed = lessonQuestionBodySchema.safeParse(v);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof QuestionForm, errors: [i.message] })));
      return;
    }
    try {
      if (editing === 'new') await courseAdminApi.createQuestion(lessonId!, v);
      else if (editing) await courseAdminApi.updateQuestion(editing.id, v);
      message.success('已保存');
      setEditing(null);
      await refresh();
    } catch (err) {
      showError(err, form as never, message);
    }
  }

  if (course.lessons.length === 0) return <Alert type="info" showIcon message="请先在「课时」中添加课时，再为课时设置课后习题。" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <span>课时</span>
        <Select style={{ width: 360 }} value={lessonId} onChange={setLessonId} options={course.lessons.map((l) => ({ value: l.id, label: `第${l.sort}课 ${l.title}` }))} aria-label="选择课时" />
        <Button type="primary" onClick={() => open('new')}>
          新增习题
        </Button>
      </Space>
      <Table<AdminQuestion>
        rowKey="id"
        loading={questions.isLoading}
        dataSource={questions.data ?? []}
        pagination={false}
        columns={[
          { title: '序号', dataIndex: 'sort', width: 60 },
          { title: '题型', width: 80, render: (_, q) => LESSON_QUESTION_KIND_LABELS[q.kind] },
          { title: '题干', dataIndex: 'stem' },
          { title: '答案', width: 80, render: (_, q) => q.answer.join('') },
          {
            title: '操作',
            width: 130,
            render: (_, q) => (
              <Space>
                <Button type="link" size="small" onClick={() => open(q)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除这道题？" onConfirm={() => courseAdminApi.deleteQuestion(q.id).then(() => refresh())}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增课后习题' : '编辑课后习题'} onCancel={() => setEditing(null)} onOk={() => void save()} okText="保存" destroyOnHidden width={640}>
        <Form form={form} layout="vertical">
          <Form.Item name="kind" label="题型">
            <Radio.Group options={(['single', 'multiple'] as const).map((k) => ({ value: k, label: LESSON_QUESTION_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="stem" label="题干" rules={[{ required: true, whitespace: true, message: m.stemRequired }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline">
                    <span style={{ width: 20 }}>{String.fromCharCode(65 + i)}</span>
                    <Form.Item name={f.name} rules={[{ required: true, whitespace: true, message: m.optionRequired }]}>
                      <Input style={{ width: 460 }} aria-label={`选项${String.fromCharCode(65 + i)}`} />
                    </Form.Item>
                    {fields.length > 2 ? <Button type="link" onClick={() => remove(f.name)}>删除</Button> : null}
                  </Space>
                ))}
                {fields.length < QUESTION_OPTIONS_MAX ? <Button onClick={() => add('')}>添加选项</Button> : null}
              </>
            )}
          </Form.List>
          <Form.Item name="answer" label="正确答案" rules={[{ required: true, type: 'array', min: 1, message: m.answerRequired }]} style={{ marginTop: 12 }}>
            <Checkbox.Group options={options.map((_, i) => String.fromCharCode(65 + i))} />
          </Form.Item>
          <Form.Item name="explanation" label="解析">
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** /admin/courses/new and /admin/courses/:courseId: 基本信息, 课时 (upload, drag order), 课后习题; publish. */
export default function AdminCourseEditorPage() {
  const { courseId } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const id = courseId && /^\d+$/.test(courseId) ? Number(courseId) : null;
  const course = useAdminCourse(id);
  const [tab, setTab] = useState('basics');
  const refresh = useCourseAdminRefresh();
  const publish = useCourseAction((cid: number) => courseAdminApi.publish(cid));
  const unpublish = useCourseAction((cid: number) => courseAdminApi.unpublish(cid));
  const c = course.data ?? null;

  if (id !== null && course.isLoading) return <Card loading />;
  return (
    <Card
      title={c ? `编辑课程：${c.title}` : '新建课程'}
      extra={
        c ? (
          <Space>
            {c.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
            {c.published ? (
              <Popconfirm title="下架后学员将看不到该课程，确定下架？" onConfirm={() => unpublish.mutateAsync(c.id).then(() => message.success(m.unpublished))}>
                <Button>下架</Button>
              </Popconfirm>
            ) : (
              <Button type="primary" loading={publish.isPending} onClick={() => publish.mutateAsync(c.id).then(() => message.success(m.published), () => undefined)}>
                发布课程
              </Button>
            )}
            <Button onClick={() => navigate('/admin/courses')}>返回列表</Button>
          </Space>
        ) : null
      }
    >
      <Tabs
        activeKey={c ? tab : 'basics'}
        onChange={setTab}
        items={[
          { key: 'basics', label: '基本信息', children: <BasicsTab key={c?.id ?? 'new'} course={c} onSaved={(saved) => (c ? void refresh() : navigate(`/admin/courses/${saved.id}`, { replace: true }))} /> },
          { key: 'lessons', label: '课时', disabled: !c || c.kind !== 'video', children: c ? <LessonsTab course={c} /> : null },
          { key: 'questions', label: '课后习题', disabled: !c || c.kind !== 'video', children: c ? <QuestionsTab course={c} /> : null },
        ]}
      />
    </Card>
  );
}
