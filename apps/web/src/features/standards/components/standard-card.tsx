import { Button, Card, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { STANDARD_KIND_LABELS } from '@app/contracts/standards/standards.rules';
import type { AdminStandard, StandardChange, StandardLink, StandardTargets } from '@app/contracts/standards/standards.schemas';
import type { Envelope } from '@app/contracts/common/envelope';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { standardsApi } from '../api/standards-api';
import { useStandardsWrite } from '../api/use-standards-write';

const targetLabel = (l: StandardLink) => (l.target === 'course' ? '课程' : '考试项目');

/** A linked course or exam type: whether its content is up to date, marking it updated, unlinking it. */
function LinkRow({ standard, link }: { standard: AdminStandard; link: StandardLink }) {
  const write = useStandardsWrite();
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<Envelope<AdminStandard>>) => {
    setBusy(true);
    await write(call);
    setBusy(false);
  };
  return (
    <li className="admin-standards__link">
      <div className="admin-standards__link-title">
        <Tag>{targetLabel(link)}</Tag>
        <span>{link.title}</span>
        {!link.published && <Tag>未上架</Tag>}
        {link.outdated ? <Tag color="orange">待更新</Tag> : <Tag color="green">内容已是最新</Tag>}
        {link.updated_at && <span className="admin-standards__muted">（{chinaDate(link.updated_at)} 标记更新）</span>}
      </div>
      <Space size={4} wrap>
        {link.outdated && (
          <Popconfirm
            title={`确认《${link.title}》已按最新修订更新内容？`}
            description="确认后，公开页面上的修订提示将撤下。"
            okText="确认"
            cancelText="取消"
            onConfirm={() => act(() => standardsApi.markUpdated(standard.id, link.id))}
          >
            <Button type="primary" size="small" loading={busy}>
              {link.target === 'course' ? '已更新课程内容' : '已更新考试内容'}
            </Button>
          </Popconfirm>
        )}
        <Popconfirm
          title={`取消关联《${link.title}》？`}
          okText="取消关联"
          cancelText="保留"
          onConfirm={() => act(() => standardsApi.unlink(standard.id, link.id))}
        >
          <Button size="small" danger type="text" disabled={busy}>
            取消关联
          </Button>
        </Popconfirm>
      </Space>
    </li>
  );
}

/** Links a course or an exam type not linked yet. */
function AddLink({ standard, targets }: { standard: AdminStandard; targets: StandardTargets | undefined }) {
  const write = useStandardsWrite();
  const [value, setValue] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const linked = new Set(standard.links.map((l) => `${l.target}:${l.target_id}`));
  const options = [
    {
      label: '课程',
      options: (targets?.courses ?? [])
        .filter((c) => !linked.has(`course:${c.id}`))
        .map((c) => ({ value: `course:${c.id}`, label: c.published ? c.title : `${c.title}（未上架）` })),
    },
    {
      label: '考试项目',
      options: (targets?.exam_types ?? [])
        .filter((t) => !linked.has(`exam_type:${t.id}`))
        .map((t) => ({ value: `exam_type:${t.id}`, label: t.name })),
    },
  ];
  const add = async () => {
    if (!value) return;
    const [target, id] = value.split(':');
    setBusy(true);
    const done = await write(() => standardsApi.link(standard.id, target === 'course' ? { course_id: Number(id) } : { exam_type_id: Number(id) }));
    setBusy(false);
    if (done) setValue(undefined);
  };
  return (
    <Space.Compact className="admin-standards__add">
      <Select
        showSearch
        allowClear
        value={value}
        onChange={setValue}
        optionFilterProp="label"
        placeholder="搜索并选择课程或考试项目"
        aria-label={`为《${standard.name}》关联课程或考试项目`}
        options={options}
        loading={!targets}
        className="admin-standards__add-select"
      />
      <Button onClick={() => void add()} disabled={!value} loading={busy}>
        关联
      </Button>
    </Space.Compact>
  );
}

/** One recorded change: its date, how far its messages have gone out, who recorded it, the note. */
function ChangeItem({ c }: { c: StandardChange }) {
  return (
    <li className="admin-standards__change">
      <div className="admin-standards__change-head">
        <strong>{c.changed_on}</strong>
        {c.delivered ? (
          <Tag color="blue">已通知 {c.sent} 人</Tag>
        ) : (
          <Tag color="processing">
            通知发送中 {c.sent}/{c.audience}
          </Tag>
        )}
        <span className="admin-standards__muted">
          {chinaDateTime(c.recorded_at)} {c.recorded_by ? `由 ${c.recorded_by} 记录` : '系统导入'}
        </span>
      </div>
      <p className="admin-standards__change-note">{c.note}</p>
    </li>
  );
}

/** One standard or policy on the staff screen: its facts, links and changes, with 编辑 and 记录修订. */
export function StandardCard({
  standard,
  targets,
  onEdit,
  onChange,
}: {
  standard: AdminStandard;
  targets: StandardTargets | undefined;
  onEdit(): void;
  onChange(): void;
}) {
  const outdated = standard.links.filter((l) => l.outdated).length;
  return (
    <Card
      className="admin-standards__card"
      title={
        <span className="admin-standards__title">
          <Tag color={standard.kind === 'standard' ? 'geekblue' : 'purple'}>{STANDARD_KIND_LABELS[standard.kind]}</Tag>
          <span>{standard.name}</span>
        </span>
      }
      extra={
        <Space size={4}>
          <Button size="small" onClick={onEdit}>
            编辑
          </Button>
          <Button size="small" type="primary" onClick={onChange}>
            记录修订
          </Button>
        </Space>
      }
    >
      <p className="admin-standards__meta">
        发布机关：{standard.issuer}
        {standard.doc_number && <span className="admin-standards__doc">文号：{standard.doc_number}</span>}
        {outdated > 0 && <Tag color="orange" className="admin-standards__pending">{outdated} 项待更新</Tag>}
      </p>
      <h3 className="admin-standards__subtitle">关联的课程与考试项目</h3>
      {standard.links.length === 0 ? (
        <p className="admin-standards__muted">尚未关联。关联后，记录修订时会通知完成课程的学员和有效证书的持有人。</p>
      ) : (
        <ul className="admin-standards__links">
          {standard.links.map((l) => (
            <LinkRow key={l.id} standard={standard} link={l} />
          ))}
        </ul>
      )}
      <AddLink standard={standard} targets={targets} />
      <h3 className="admin-standards__subtitle">修订记录</h3>
      {standard.changes.length === 0 ? (
        <p className="admin-standards__muted">暂无修订记录</p>
      ) : (
        <ul className="admin-standards__changes">
          {standard.changes.map((c) => (
            <ChangeItem key={c.id} c={c} />
          ))}
        </ul>
      )}
    </Card>
  );
}
