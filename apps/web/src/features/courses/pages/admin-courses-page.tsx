import { App, Button, Card, Input, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COURSE_PRICE_TYPE_LABELS, type AdminCourseRow } from '@app/contracts';
import { courseAdminApi, useAdminCourses, useCourseAction } from '../api/course-admin-api';

const fenText = (fen: number) => (fen / 100).toFixed(2);

/** /admin/courses: every course (published or not), searchable by title, newest edits first, paged. */
export default function AdminCoursesPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [query, setQuery] = useState<{ page: number; per: number; keyword?: string; state?: 'published' | 'draft' }>({ page: 1, per: 10 });
  const list = useAdminCourses(query);
  const publish = useCourseAction((id: number) => courseAdminApi.publish(id));
  const unpublish = useCourseAction((id: number) => courseAdminApi.unpublish(id));

  return (
    <Card
      title="课程管理"
      extra={
        <Space>
          <Link to="/admin/course-tags">标签与讲师</Link>
          <Button type="primary" onClick={() => navigate('/admin/courses/new')}>
            新建课程
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="按课程名称搜索"
          aria-label="按课程名称搜索"
          style={{ width: 260 }}
          onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim() || undefined, page: 1 }))}
        />
        <Segmented
          aria-label="发布状态"
          value={query.state ?? 'all'}
          options={[
            { label: '全部', value: 'all' },
            { label: '已发布', value: 'published' },
            { label: '未发布', value: 'draft' },
          ]}
          onChange={(v) => setQuery((q) => ({ ...q, state: v === 'all' ? undefined : (v as 'published' | 'draft'), page: 1 }))}
        />
      </Space>
      <Table<AdminCourseRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: query.page,
          pageSize: query.per,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 门课程`,
          onChange: (page, per) => setQuery((q) => ({ ...q, page, per })),
        }}
        columns={[
          {
            title: '课程',
            render: (_, c) => (
              <Space>
                <img src={c.cover} alt="" width={72} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
                <Link to={`/admin/courses/${c.id}`}>{c.title}</Link>
              </Space>
            ),
          },
          { title: '讲师', dataIndex: 'teacher_name', width: 100 },
          { title: '形式', width: 90, render: (_, c) => (c.kind === 'video' ? '视频课' : '外部链接') },
          {
            title: '收费',
            width: 150,
            render: (_, c) =>
              c.price_type === 'paid' ? `¥${fenText(c.price)}（会员 ¥${fenText(c.member_price)}）` : COURSE_PRICE_TYPE_LABELS[c.price_type],
          },
          { title: '课时', dataIndex: 'lesson_count', width: 70 },
          { title: '学员', dataIndex: 'learner_count', width: 70 },
          {
            title: '状态',
            width: 90,
            render: (_, c) => (c.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          {
            title: '操作',
            width: 170,
            render: (_, c) => (
              <Space>
                <Link to={`/admin/courses/${c.id}`}>编辑</Link>
                {c.published ? (
                  <Popconfirm title="下架后学员将看不到该课程，确定下架？" onConfirm={() => unpublish.mutateAsync(c.id).then(() => message.success('课程已下架'))}>
                    <Button type="link" size="small">
                      下架
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" onClick={() => publish.mutateAsync(c.id).then(() => message.success('课程已发布'), () => undefined)}>
                    发布
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
