import { App, Button, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  COURSE_MAX_RATES,
  COURSE_PRICE_TYPE_LABELS,
  COURSE_SUMMARY_MAX,
  COURSE_TITLE_MAX,
  MAX_PLAYBACK_RATE,
  PRESENCE_DEFAULT_MAX_MINUTES,
  PRESENCE_DEFAULT_MIN_MINUTES,
  PRESENCE_MINUTES_MAX,
  PRESENCE_MINUTES_MIN,
  courseAdminMessages as m,
  courseBodySchema,
  type AdminCourse,
  type CourseBody,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { courseAdminApi, useCourseTags, useCourseTeachers } from '../api/course-admin-api';
import { showError } from '../lib/show-save-error';
import { ImageUploadField } from './image-upload-field';

const DescriptionEditor = lazy(() => import('./description-editor'));

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
/** The course editor's 基本信息 tab: title, summary, cover, teacher, tags, kind, price, presence checks and description. */
export function CourseBasicsTab({ course, onSaved }: { course: AdminCourse | null; onSaved: (c: AdminCourse) => void }) {
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
