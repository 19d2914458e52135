import { ExportOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useCourseDetail } from '../api/use-courses';
import './outer-link-page.css';

/** /train/outerlink/{courseId}: a course hosted on another site; the visit is recorded, then the link opens in a new tab. */
export default function OuterLinkPage() {
  const id = Number(useParams().courseId) || 0;
  const course = useCourseDetail(id);

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
          <Button type="primary" size="large" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
            前往学习
          </Button>
          <p className="outer-link__url">
            链接地址：
            <a href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}
