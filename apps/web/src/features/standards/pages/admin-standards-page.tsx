import { Button, Card, Empty, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminStandard } from '@app/contracts/standards/standards.schemas';
import { standardsApi, standardsKeys } from '../api/standards-api';
import { StandardCard } from '../components/standard-card';
import { StandardChangeModal } from '../components/standard-change-modal';
import { StandardModal } from '../components/standard-modal';
import './admin-standards.css';

/** While a change's messages are still going out, the screen looks again this often. */
const SENDING_REFRESH_MS = 3_000;

/**
 * /admin/standards (准则与政策): the standards and policies courses and exam types teach. Recording a change tells, once
 * each and in the background, the learners who finished a linked course and the holders of a valid certificate of a
 * linked exam type; the course page and exam notice show the change until the content is marked updated here.
 */
export default function AdminStandardsPage() {
  const list = useQuery({
    queryKey: standardsKeys.list,
    queryFn: standardsApi.list,
    refetchInterval: (q) => (q.state.data?.some((s) => s.changes.some((c) => !c.delivered)) ? SENDING_REFRESH_MS : false),
  });
  const targets = useQuery({ queryKey: standardsKeys.targets, queryFn: standardsApi.targets });
  const [editing, setEditing] = useState<AdminStandard | 'new' | null>(null);
  const [changing, setChanging] = useState<AdminStandard | null>(null);

  return (
    <Card
      title="准则与政策"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增准则或政策
        </Button>
      }
    >
      <p className="admin-standards__intro">
        课程或考试项目依据的准则、政策修订后，在此记录修订：完成相关课程的学员和持有相关证书（有效期内）的人会各收到一条消息，课程页和考试公告显示修订提示，直至标记“已更新课程内容”。
      </p>
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <Empty description="加载失败，请刷新重试" />
      ) : list.data.length === 0 ? (
        <Empty description="暂无准则或政策" />
      ) : (
        <div className="admin-standards__list">
          {list.data.map((s) => (
            <StandardCard
              key={s.id}
              standard={s}
              targets={targets.data}
              onEdit={() => setEditing(s)}
              onChange={() => setChanging(s)}
            />
          ))}
        </div>
      )}
      {editing && <StandardModal standard={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {changing && <StandardChangeModal standard={changing} onClose={() => setChanging(null)} />}
    </Card>
  );
}
