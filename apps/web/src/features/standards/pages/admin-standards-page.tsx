import { App, Button, Card, DatePicker, Empty, Form, Input, Modal, Popconfirm, Radio, Select, Skeleton, Space, Tag, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  STANDARD_CHANGE_NOTE_MAX,
  STANDARD_DOC_NUMBER_MAX,
  STANDARD_ISSUER_MAX,
  STANDARD_KINDS,
  STANDARD_KIND_LABELS,
  STANDARD_NAME_MAX,
  standardChangeCertificateMessage,
  standardChangeCourseMessage,
  standardsMessages as m,
  type StandardKind,
} from '@app/contracts/standards/standards.rules';
import type { AdminStandard, StandardChange, StandardLink, StandardTargets } from '@app/contracts/standards/standards.schemas';
import type { Envelope } from '@app/contracts/common/envelope';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { standardNoticeKeys } from '../api/standard-notices-api';
import { standardsApi, standardsKeys } from '../api/standards-api';
import './admin-standards.css';

/** While a change's messages are still going out, the screen looks again this often. */
const SENDING_REFRESH_MS = 3_000;

/** Runs a staff write: the server's message as a toast, field errors on the form, the list and notices refreshed. */
function useWrite() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async <T,>(call: () => Promise<Envelope<T>>, form?: FormInstance) => {
    try {
      const res = await call();
      message.success(res.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: standardsKeys.all }),
        queryClient.invalidateQueries({ queryKey: standardNoticeKeys.all }),
      ]);
      return res.data;
    } catch (err) {
      const fields = isApiError(err) ? Object.entries(err.fieldErrors) : [];
      if (form && fields.length) form.setFields(fields.map(([name, e]) => ({ name, errors: [e] })));
      else message.error(isApiError(err) ? err.message : '操作失败，请稍后重试');
      return undefined;
    }
  };
}

interface StandardFields {
  kind: StandardKind;
  name: string;
  issuer: string;
  doc_number?: string;
}

/** 新增 / 编辑: kind, name, issuing body, document number. */
function StandardModal({ standard, onClose }: { standard: AdminStandard | null; onClose(): void }) {
  const [form] = Form.useForm<StandardFields>();
  const write = useWrite();
  const [saving, setSaving] = useState(false);
  const submit = async (v: StandardFields) => {
    setSaving(true);
    const body = { kind: v.kind, name: v.name, issuer: v.issuer, doc_number: v.doc_number ?? null };
    const done = await write(() => (standard ? standardsApi.update(standard.id, body) : standardsApi.create(body)), form);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={standard ? '编辑准则或政策' : '新增准则或政策'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<StandardFields>
        form={form}
        layout="vertical"
        initialValues={
          standard
            ? { kind: standard.kind, name: standard.name, issuer: standard.issuer, doc_number: standard.doc_number ?? '' }
            : { kind: 'standard' }
        }
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="kind" label="类别" rules={[{ required: true, message: m.kindRequired }]}>
          <Radio.Group options={STANDARD_KINDS.map((k) => ({ value: k, label: STANDARD_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          extra="不加书名号，如：企业会计准则第14号——收入"
          rules={[{ required: true, whitespace: true, message: m.nameRequired }]}
        >
          <Input maxLength={STANDARD_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="issuer" label="发布机关" rules={[{ required: true, whitespace: true, message: m.issuerRequired }]}>
          <Input maxLength={STANDARD_ISSUER_MAX} placeholder="如：财政部、国家税务总局" />
        </Form.Item>
        <Form.Item name="doc_number" label="文号（选填）">
          <Input maxLength={STANDARD_DOC_NUMBER_MAX} placeholder="如：财会〔2017〕22号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ChangeFields {
  changed_on: Dayjs;
  note: string;
}

/** 记录修订: the date and what changed, with who will be told and the message they get. */
function ChangeModal({ standard, onClose }: { standard: AdminStandard; onClose(): void }) {
  const [form] = Form.useForm<ChangeFields>();
  const write = useWrite();
  const [saving, setSaving] = useState(false);
  const audience = useQuery({ queryKey: standardsKeys.audience(standard.id), queryFn: () => standardsApi.audience(standard.id) });
  const note = Form.useWatch('note', form) ?? '';
  const day = Form.useWatch('changed_on', form);
  const course = standard.links.find((l) => l.target === 'course');
  const exam = standard.links.find((l) => l.target === 'exam_type');
  const facts = {
    kind: standard.kind,
    standard: standard.name,
    changedOn: day ? day.format('YYYY-MM-DD') : 'YYYY-MM-DD',
    note: note.trim() || '（修订内容）',
  };
  const preview = course
    ? standardChangeCourseMessage({ ...facts, course: course.title })
    : exam
      ? standardChangeCertificateMessage({ ...facts, examType: exam.title })
      : null;

  const submit = async (v: ChangeFields) => {
    setSaving(true);
    const done = await write(() => standardsApi.recordChange(standard.id, { changed_on: v.changed_on.format('YYYY-MM-DD'), note: v.note }), form);
    setSaving(false);
    if (done) onClose();
  };
  const a = audience.data;
  return (
    <Modal
      open
      title={`记录修订：《${standard.name}》`}
      okText="记录并通知"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ChangeFields> form={form} layout="vertical" initialValues={{ changed_on: dayjs() }} onFinish={(v) => void submit(v)}>
        <Form.Item name="changed_on" label="修订日期" rules={[{ required: true, message: m.changedOnRequired }]}>
          <DatePicker format="YYYY-MM-DD" disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="note"
          label="修订内容"
          extra={`一两句话说明改了什么，将写入学员消息并显示在课程页和考试公告上（${note.length}/${STANDARD_CHANGE_NOTE_MAX}）`}
          rules={[{ required: true, whitespace: true, message: m.noteRequired }]}
        >
          <Input.TextArea rows={3} maxLength={STANDARD_CHANGE_NOTE_MAX} />
        </Form.Item>
      </Form>
      <div className="admin-standards__audience" aria-live="polite">
        {audience.isPending ? (
          <Skeleton active paragraph={false} />
        ) : a ? (
          <>
            <p>
              将通知 <strong>{a.total}</strong> 人
              {(course || exam) &&
                `：${[course ? `完成关联课程的学员 ${a.finishers} 人` : null, exam ? `持有关联考试项目有效证书的 ${a.holders} 人` : null]
                  .filter(Boolean)
                  .join('、')}${course && exam ? '（同一人只通知一次）' : ''}`}
              。
            </p>
            {a.total === 0 && <p className="admin-standards__muted">暂无需要通知的人；关联的课程页和考试公告仍会显示修订提示。</p>}
          </>
        ) : (
          <p className="admin-standards__muted">通知人数暂时无法统计，记录后仍会照常通知。</p>
        )}
        {preview && (
          <p className="admin-standards__preview">
            <span className="admin-standards__muted">消息示例：</span>
            {preview}
          </p>
        )}
      </div>
    </Modal>
  );
}

const targetLabel = (l: StandardLink) => (l.target === 'course' ? '课程' : '考试项目');

function LinkRow({ standard, link }: { standard: AdminStandard; link: StandardLink }) {
  const write = useWrite();
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

function AddLink({ standard, targets }: { standard: AdminStandard; targets: StandardTargets | undefined }) {
  const write = useWrite();
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

function StandardCard({
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
      {changing && <ChangeModal standard={changing} onClose={() => setChanging(null)} />}
    </Card>
  );
}
