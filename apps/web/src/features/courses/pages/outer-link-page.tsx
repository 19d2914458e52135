import { ExportOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useCourseDetail, useOuterVisit } from '../api/use-courses';
import './outer-link-page.css';

/**
 * /train/outerlink/{courseId}: a course hosted on another site. "前往学习" records the visit on the server, then
 * opens the URL the server answers in a new tab. The tab is opened during the click (so popup blockers allow
 * it) and pointed at the URL once the visit is recorded; without a tab the page itself goes there.
 */
export default function OuterLinkPage() {
  const id = Number(useParams().courseId) || 0;
  const course = useCourseDetail(id);
  const visit = useOuterVisit(id);

  if (course.isPending) return <div className="page-container outer-link"><Skeleton active /></div>;
  if (course.isError || !course.data.outer_url)
    return (
      <Result
        status="404"
        title="外部课程不存在"
        subTitle={course.isError ? course.error.message : '该课程不是外部链接课程'}
        extra={<Link to="/train">返回课程中心</Link>}
      />
    );
  const c = course.data;
  const url = c.outer_url!;

  async function go() {
    const tab = window.open('', '_blank');
    try {
      const { outer_url } = await visit.mutateAsync();
      if (tab && !tab.closed) {
        // Cut the link back to this page before the partner site loads in the tab.
        tab.opener = null;
        tab.location.href = outer_url;
      } else window.location.assign(outer_url);
    } catch {
      // The API client has shown the notice.
      tab?.close();
    }
  }

  return (
    <div className="page-container outer-link">
      <div className="outer-link__card">
        <img className="outer-link__cover" src={c.cover} alt="" />
        <div className="outer-link__body">
          <span className="outer-link__eyebrow">外部课程</span>
          <h1>{c.title}</h1>
          <p className="outer-link__teacher">
            主讲：{c.teacher_name} {c.teacher_title}
          </p>
          <p className="outer-link__summary">{c.summary}</p>
          <p className="outer-link__hint">本课程由合作平台提供，将在新标签页中打开外部页面。</p>
          <Button type="primary" size="large" icon={<ExportOutlined />} loading={visit.isPending} onClick={() => void go()}>
            前往学习
          </Button>
          <p className="outer-link__url">链接地址：{url}</p>
        </div>
      </div>
    </div>
  );
}
