import { App, Avatar, Button, Empty, Pagination, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { ReportButton } from '@/shared/ui/report-button';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useComments, useCreateComment, useDeleteComment } from '../api/use-comments';
import { CommentForm } from './comment-form';
import './comment-section.css';
import { StoredImg } from '@/shared/ui/stored-img';

const COMMENTS_PER_PAGE = 10;

/** Comments of a course (or of one lesson): paged list, newest first, and the form for logged-in users. */
export function CommentSection({ courseId, lessonId }: { courseId: number; lessonId?: number }) {
  const [page, setPage] = useState(1);
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  const { message } = App.useApp();
  const target = lessonId ? { lesson_id: lessonId } : { course_id: courseId };
  const comments = useComments({ ...target, page, per: COMMENTS_PER_PAGE });
  const create = useCreateComment();
  const remove = useDeleteComment();
  const total = comments.data?.total ?? 0;

  return (
    <section className="comment-section" aria-labelledby="comment-section-title">
      <h2 id="comment-section-title" className="comment-section__title">
        学员评论 <span className="comment-section__count">{total}</span>
      </h2>
      {token ? (
        <CommentForm
          submitting={create.isPending}
          onSubmit={async (content) => {
            await create.mutateAsync({ ...target, content });
            setPage(1);
          }}
        />
      ) : (
        <p className="comment-section__login">
          <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>登录</Link>
          后参与评论
        </p>
      )}
      {comments.isPending && <Skeleton avatar active paragraph={{ rows: 2 }} />}
      {comments.isError && <Empty description="评论加载失败" />}
      {comments.data && comments.data.list.length === 0 && <Empty description="还没有评论，来发表第一条吧" />}
      {comments.data && comments.data.list.length > 0 && (
        <ul className="comment-list">
          {comments.data.list.map((c) => (
            <li key={c.id} className="comment-item">
              <Avatar src={c.user.avatar ? <StoredImg src={c.user.avatar} sizes="32px" /> : undefined} alt="">
                {c.user.name.slice(0, 1)}
              </Avatar>
              <div className="comment-item__body">
                <div className="comment-item__head">
                  <span className="comment-item__name">{c.user.name}</span>
                  <time dateTime={c.created_at}>{chinaDateTime(c.created_at)}</time>
                  {token && !c.is_mine && <ReportButton kind="comment" id={c.id} title="举报评论" className="comment-item__report" />}
                  {c.is_mine && (
                    <Popconfirm
                      title="确定删除这条评论吗？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={async () => {
                        await remove.mutateAsync(c.id);
                        message.success('评论已删除');
                      }}
                    >
                      <Button type="link" size="small" className="comment-item__delete">
                        删除
                      </Button>
                    </Popconfirm>
                  )}
                </div>
                {/* Plain text: React escapes it; line breaks are kept by CSS. */}
                <p className="comment-item__content">{c.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > COMMENTS_PER_PAGE && (
        <Pagination
          className="comment-section__pagination"
          current={page}
          pageSize={COMMENTS_PER_PAGE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </section>
  );
}
