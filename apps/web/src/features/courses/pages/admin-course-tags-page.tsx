import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import {
  TAG_NAME_MAX,
  TEACHER_INTRO_MAX,
  TEACHER_NAME_MAX,
  TEACHER_TITLE_MAX,
  courseAdminMessages as m,
  type AdminTag,
  type AdminTeacher,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { courseAdminApi, useCourseAdminRefresh, useCourseTags, useCourseTeachers } from '../api/course-admin-api';
import { ImageUploadField } from '../components/image-upload-field';

function fieldErrors(err: unknown, form: { setFields: (f: { name: string; errors: string[] }[]) => void }, message: { error: (s: string) => void }) {
  if (!isApiError(err)) return message.error('保存失败，请重试');
  const fields = Object.entries(err.fieldErrors);
  if (fields.length > 0) form.setFields(fields.map(([name, e]) => ({ name, errors: [e] })));
  else message.error(err.message);
}

function TagsTab() {
  const { message } = App.useApp();
  const tags = useCourseTags();
  const refresh = useCourseAdminRefresh();
  const [editing, setEditing] = useState<AdminTag | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; parent_id: number | null; sort: number }>();
  const all = tags.data ?? [];
  const tree = all
    .filter((t) => t.parent_id === null)
    .map((top) => ({ ...top, children: all.filter((c) => c.parent_id === top.id) }));

  function open(t: AdminTag | 'new', parentId: number | null = null) {
    setEditing(t);
    form.setFieldsValue(t === 'new' ? { name: '', parent_id: parentId, sort: 0 } : { name: t.name, parent_id: t.parent_id, sort: t.sort });
  }
  async function save() {
    const v = await form.validateFields();
    try {
      await courseAdminApi.saveTag(editing === 'new' ? null : editing!.id, v);
      message.success('已保存');
      setEditing(null);
      await refresh();
    } catch (err) {
      fieldErrors(err, form as never, message);
    }
  }

  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open('new')}>
        新建一级标签
      </Button>
      <Table
        rowKey="id"
        loading={tags.isLoading}
        dataSource={tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        columns={[
          { title: '标签', dataIndex: 'name' },
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '课程数', dataIndex: 'course_count', width: 90 },
          {
            title: '操作',
            width: 240,
            render: (_, t: AdminTag) => (
              <Space>
                {t.parent_id === null ? (
                  <Button type="link" size="small" onClick={() => open('new', t.id)}>
                    添加二级标签
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => open(t)}>
                  编辑
                </Button>
                <Popconfirm title="删除后课程将不再带有该标签，确定删除？" onConfirm={() => courseAdminApi.deleteTag(t.id).then(() => refresh(), () => undefined)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新建标签' : '编辑标签'} onCancel={() => setEditing(null)} onOk={() => void save()} okText="保存" destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="标签名称" rules={[{ required: true, whitespace: true, message: m.tagNameRequired }, { max: TAG_NAME_MAX, message: m.tagNameTooLong }]}>
            <Input />
          </Form.Item>
          <Form.Item name="parent_id" label="上级标签">
            <Select allowClear placeholder="不选则为一级标签" options={all.filter((t) => t.parent_id === null).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function TeachersTab() {
  const { message } = App.useApp();
  const teachers = useCourseTeachers();
  const refresh = useCourseAdminRefresh();
  const [editing, setEditing] = useState<AdminTeacher | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; title: string; photo: string; intro: string }>();

  function open(t: AdminTeacher | 'new') {
    setEditing(t);
    form.setFieldsValue(t === 'new' ? { name: '', title: '', photo: '', intro: '' } : t);
  }
  async function save() {
    const v = await form.validateFields();
    try {
      await courseAdminApi.saveTeacher(editing === 'new' ? null : editing!.id, v);
      message.success('已保存');
      setEditing(null);
      await refresh();
    } catch (err) {
      fieldErrors(err, form as never, message);
    }
  }

  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open('new')}>
        新建讲师
      </Button>
      <Table<AdminTeacher>
        rowKey="id"
        loading={teachers.isLoading}
        dataSource={teachers.data ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: '照片', width: 70, render: (_, t) => <img src={t.photo} alt={t.name} width={40} height={40} style={{ borderRadius: '50%', objectFit: 'cover' }} /> },
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '职称', dataIndex: 'title', width: 200 },
          { title: '简介', dataIndex: 'intro', ellipsis: true },
          { title: '课程数', dataIndex: 'course_count', width: 80 },
          {
            title: '操作',
            width: 140,
            render: (_, t) => (
              <Space>
                <Button type="link" size="small" onClick={() => open(t)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该讲师？" onConfirm={() => courseAdminApi.deleteTeacher(t.id).then(() => refresh(), () => undefined)}>
                  <Button type="link" size="small" danger disabled={t.course_count > 0}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新建讲师' : '编辑讲师'} onCancel={() => setEditing(null)} onOk={() => void save()} okText="保存" destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: m.teacherNameRequired }, { max: TEACHER_NAME_MAX, message: m.teacherNameTooLong }]}>
            <Input />
          </Form.Item>
          <Form.Item name="title" label="职称" rules={[{ required: true, whitespace: true, message: m.teacherTitleRequired }, { max: TEACHER_TITLE_MAX, message: m.teacherTitleTooLong }]}>
            <Input placeholder="例如：高级会计师" />
          </Form.Item>
          <Form.Item name="photo" label="照片" rules={[{ required: true, message: m.teacherPhotoRequired }]}>
            <ImageUploadField
              upload={courseAdminApi.uploadImage}
              onError={(err) => form.setFields([{ name: 'photo', errors: [isApiError(err) ? err.message : m.imageNotImage] }])}
              alt="讲师照片"
              width={64}
              height={64}
              imgStyle={{ borderRadius: '50%' }}
              uploadLabel="上传照片"
              replaceLabel="更换照片"
            />
          </Form.Item>
          <Form.Item name="intro" label="简介" rules={[{ max: TEACHER_INTRO_MAX, message: m.teacherIntroTooLong }]}>
            <Input.TextArea rows={3} showCount maxLength={TEACHER_INTRO_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /admin/course-tags: the two-level tag tree and the teachers. */
export default function AdminCourseTagsPage() {
  return (
    <Card title="课程标签与讲师">
      <Tabs
        items={[
          { key: 'tags', label: '课程标签', children: <TagsTab /> },
          { key: 'teachers', label: '讲师', children: <TeachersTab /> },
        ]}
      />
    </Card>
  );
}
