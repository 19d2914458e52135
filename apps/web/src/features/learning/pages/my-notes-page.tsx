import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Pagination, Popconfirm, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatDuration, NOTE_KEYWORD_MAX } from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useDeleteNote, useNotes } from '../api/use-learning';
import './my-notes-page.css';

const PER_PAGE = 10;

/** /center/note: my notes across lessons, searchable, deletable; a note opens its lesson at its second. */
export default function MyNotesPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const notes = useNotes({ scope: 'mine', keyword: keyword || undefined, page, per: PER_PAGE });
  const remove = useDeleteNote();
  const { message } = App.useApp();

  function go(next: { keyword?: string; page?: number }) {
    const p = new URLSearchParams();
    const k = next.keyword ?? keyword;
    if (k) p.set('keyword', k);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  }

  let body;
  if (notes.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (notes.isError) body = <Empty description="笔记加载失败" />;
  else if (notes.data.list.length === 0)
    body = <Empty description={keyword ? `没有包含“${keyword}”的笔记` : '还没有笔记，学习时可在视频旁记录'} />;
  else
    body = (
      <>
        <ul className="my-notes">
          {notes.data.list.map((n) => (
            <li key={n.id} className="my-note">
              <div className="my-note__head">
                <Link className="my-note__where" to={`/train/play/${n.course_id}/${n.lesson_id}?t=${n.video_second}`}>
                  <PlayCircleOutlined /> {n.course_title} · {n.lesson_title}
                  <span className="my-note__time">{formatDuration(n.video_second)}</span>
                </Link>
                <Popconfirm
                  title="确定删除这条笔记吗？"
                  description="删除后无法恢复"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove.mutateAsync(n.id).then(() => message.success('笔记已删除'))}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined />}>
                    删除
                  </Button>
                </Popconfirm>
              </div>
              <p className="my-note__content">{n.content}</p>
              <p className="my-note__foot">
                {chinaDateTime(n.updated_at)}
                {n.is_public && <span> · 公开</span>}
                <span> · {n.like_count} 赞</span>
              </p>
            </li>
          ))}
        </ul>
        {notes.data.total > notes.data.per && (
          <Pagination className="my-notes__pagination" current={notes.data.page} pageSize={notes.data.per} total={notes.data.total} showSizeChanger={false} onChange={(p) => go({ page: p })} />
        )}
      </>
    );

  return (
    <Card
      className="my-notes-page"
      variant="borderless"
      title="我的笔记"
      extra={
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="搜索笔记内容"
          allowClear
          maxLength={NOTE_KEYWORD_MAX}
          style={{ width: 280 }}
          aria-label="搜索笔记"
          onSearch={(v) => go({ keyword: v.trim() })}
        />
      }
    >
      {body}
    </Card>
  );
}
