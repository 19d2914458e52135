import { App, Button, Card, Popconfirm, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { courseAdminMessages as m } from '@app/contracts';
import { courseAdminApi, useAdminCourse, useCourseAction, useCourseAdminRefresh } from '../api/course-admin-api';
import { CourseBasicsTab } from '../components/course-basics-tab';
import { CourseLessonsTab } from '../components/course-lessons-tab';
import { CourseQuestionsTab } from '../components/course-questions-tab';

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
          { key: 'basics', label: '基本信息', children: <CourseBasicsTab key={c?.id ?? 'new'} course={c} onSaved={(saved) => (c ? void refresh() : navigate(`/admin/courses/${saved.id}`, { replace: true }))} /> },
          { key: 'lessons', label: '课时', disabled: !c || c.kind !== 'video', children: c ? <CourseLessonsTab course={c} /> : null },
          { key: 'questions', label: '课后习题', disabled: !c || c.kind !== 'video', children: c ? <CourseQuestionsTab course={c} /> : null },
        ]}
      />
    </Card>
  );
}
