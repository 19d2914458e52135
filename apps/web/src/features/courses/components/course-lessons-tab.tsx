import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { App, Alert, Button, Checkbox, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { LESSON_TITLE_MAX, courseAdminMessages as m, type AdminCourse, type AdminLesson } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { courseAdminApi, useCourseAction, useCourseAdminRefresh } from '../api/course-admin-api';
import { showError } from '../lib/show-save-error';
import { SubtitleCell } from './subtitle-cell';
import { VideoCell } from './video-cell';

/** The course editor's 课时 tab: the lessons in drag order with title, trial, video and subtitles, and a new lesson. */
export function CourseLessonsTab({ course }: { course: AdminCourse }) {
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
