import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Table,
  Tag,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CenterRcpj, Rcpj } from '@app/contracts';
import { STAR_LEVELS, dictLabel } from '@app/contracts/common/dictionaries';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import {
  MATERIALS_MAX,
  STATEMENT_MAX,
  talentMessages as m,
  type RcpjStatus,
} from '@app/contracts/talent/talent.rules';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { talentApi, talentKeys } from '../api/talent-api';
import { useAttachmentDics, useCenterRcpj, useTalentInfo } from '../api/use-talent';
import { AttachmentField, openAttachment } from '../components/attachment-field';
import './evaluation.css';
import { ExamCertificatesCard } from '../components/exam-certificates-card';
import { ScrollCue, TABLE_SCROLLER, useTableScroll } from '@/shared/ui/scroll-cue';

const STATUS_COLORS: Record<RcpjStatus, string> = {
  draft: 'orange',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};
const time = (iso: string | null) => chinaDateTime(iso, '—');

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: talentKeys.centerRcpj });
}

/** Reviewed applications whose result I have not acknowledged: one notice each, closed with 知道了. */
function ResultNotices({ list }: { list: Rcpj[] }) {
  const { message } = App.useApp();
  const refresh = useRefresh();
  const pending = list.filter(
    (r) => (r.status === 'approved' || r.status === 'rejected') && !r.result_acknowledged,
  );
  if (pending.length === 0) return null;
  const gotIt = async (id: number) => {
    try {
      await talentApi.gotIt(id);
      await refresh();
      void useSessionStore.getState().loadCurrentUser();
    } catch {
      message.error('操作失败，请重试');
    }
  };
  return (
    <>
      {pending.map((r) =>
        r.status === 'approved' ? (
          <Alert
            key={r.id}
            type="success"
            showIcon
            title={`恭喜！您的${r.star_name}评价申请已通过，获评${dictLabel(STAR_LEVELS, r.result_level ?? r.star_id) ?? r.star_name}。`}
            action={<Button onClick={() => void gotIt(r.id)}>知道了</Button>}
          />
        ) : (
          <Alert
            key={r.id}
            type="error"
            showIcon
            title={`您的${r.star_name}评价申请未通过`}
            description={r.reject_reason ? `原因：${r.reject_reason}` : undefined}
            action={<Button onClick={() => void gotIt(r.id)}>知道了</Button>}
          />
        ),
      )}
    </>
  );
}

function ApplyCard({ data }: { data: CenterRcpj }) {
  const [level, setLevel] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const refresh = useRefresh();
  const options = STAR_LEVELS.filter((s) => s.value > data.star_id);

  const apply = async () => {
    if (!level) {
      message.warning(m.starInvalid);
      return;
    }
    setBusy(true);
    try {
      const res = await talentApi.applyStar({ star_id: level });
      message.success(res.message || m.applied);
      await refresh();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="申请星级评价">
      {options.length === 0 ? (
        <p>您已获评最高星级。</p>
      ) : (
        <div className="my-eval__apply">
          <Select
            aria-label="申请星级"
            placeholder="请选择申请星级"
            style={{ width: 200 }}
            value={level}
            onChange={setLevel}
            options={options}
          />
          <Button type="primary" loading={busy} onClick={() => void apply()}>
            提交申请
          </Button>
          <Link to="/evaluate">查看星级申请条件</Link>
        </div>
      )}
    </Card>
  );
}

interface MaterialRow {
  key: number;
  attachment_dic_id?: number;
  attachment_id?: number | null;
}

/** A draft application: statement, my credentials and uploaded materials, then 提交材料; or 撤销申请. */
function SubmitCard({ app }: { app: Rcpj }) {
  const [form] = Form.useForm<{ statement: string; credential_ids: number[] }>();
  const [rows, setRows] = useState<MaterialRow[]>([{ key: 1 }]);
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const refresh = useRefresh();
  const dics = useAttachmentDics();
  const info = useTalentInfo();
  const credentials = info.data?.personal_info.credentials ?? [];

  const submit = async () => {
    let v: { statement: string; credential_ids?: number[] };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const materials = rows
      .filter((r) => r.attachment_dic_id && r.attachment_id)
      .map((r) => ({ attachment_dic_id: r.attachment_dic_id!, attachment_id: r.attachment_id! }));
    const credentialIds = v.credential_ids ?? [];
    if (materials.length + credentialIds.length === 0) {
      message.warning(m.materialsRequired);
      return;
    }
    setBusy(true);
    try {
      const res = await talentApi.submitApply({
        id: app.id,
        statement: v.statement,
        materials,
        credential_ids: credentialIds,
      });
      message.success(res.message || m.submitted);
      await refresh();
    } catch (err) {
      message.error(isApiError(err) && err.message ? err.message : '提交失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={`提交测评材料：${app.star_name}`} extra={<CancelButton app={app} />}>
      <Form form={form} name="rcpj_submit" layout="vertical" validateTrigger={['onBlur', 'onChange']}>
        <Form.Item
          name="statement"
          label="申请说明"
          rules={[{ required: true, whitespace: true, message: m.statementRequired }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={STATEMENT_MAX}
            showCount
            placeholder="请介绍您的从业经历、专业能力与申请理由"
          />
        </Form.Item>
        <Form.Item name="credential_ids" label="选择资格证书">
          {credentials.length === 0 ? (
            <span className="my-eval__hint">
              暂无证书，可在<Link to="/center/talentPortrayal">人才画像</Link>中添加
            </span>
          ) : (
            <Checkbox.Group
              className="my-eval__credentials"
              options={credentials.map((c) => ({ value: c.id, label: `${c.name}（${c.issuer}）` }))}
            />
          )}
        </Form.Item>
        <Form.Item label="测评材料">
          {rows.map((row) => (
            <div key={row.key} className="my-eval__material">
              <Select
                aria-label="材料类型"
                placeholder="请选择材料类型"
                style={{ width: 200 }}
                value={row.attachment_dic_id}
                options={(dics.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                onChange={(v: number) =>
                  setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, attachment_dic_id: v } : r)))
                }
              />
              <AttachmentField
                value={row.attachment_id ?? null}
                buttonText="上传材料"
                onChange={(id) =>
                  setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, attachment_id: id } : r)))
                }
              />
              {rows.length > 1 && (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label="删除该材料"
                  onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                />
              )}
            </div>
          ))}
          {rows.length < MATERIALS_MAX && (
            <Button icon={<PlusOutlined />} onClick={() => setRows((rs) => [...rs, { key: Date.now() }])}>
              添加材料
            </Button>
          )}
        </Form.Item>
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          提交材料
        </Button>
      </Form>
    </Card>
  );
}

function CancelButton({ app }: { app: Rcpj }) {
  const { message } = App.useApp();
  const refresh = useRefresh();
  return (
    <Popconfirm
      title="确定撤销该测评申请吗？"
      okText="撤销"
      cancelText="取消"
      onConfirm={async () => {
        try {
          const res = await talentApi.cancelApply(app.id);
          message.success(res.message || m.cancelled);
          await refresh();
        } catch {
          // The API client has shown the server's message.
        }
      }}
    >
      <Button danger>撤销申请</Button>
    </Popconfirm>
  );
}

function History({ list }: { list: Rcpj[] }) {
  const scroll = useTableScroll();
  return (
    <Card title="申请记录">
      <ScrollCue label="申请记录" scroller={TABLE_SCROLLER}>
        <Table<Rcpj>
          scroll={scroll}
          rowKey="id"
          size="middle"
          dataSource={list}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无申请记录" /> }}
          columns={[
            { title: '申请星级', dataIndex: 'star_name' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (_: unknown, r) => <Tag color={STATUS_COLORS[r.status]}>{r.status_label}</Tag>,
            },
            { title: '申请时间', dataIndex: 'created_at', render: (v: string) => time(v) },
            { title: '审核时间', dataIndex: 'reviewed_at', render: (v: string | null) => time(v) },
            {
              title: '结果',
              key: 'result',
              render: (_: unknown, r) =>
                r.status === 'approved'
                  ? `获评${dictLabel(STAR_LEVELS, r.result_level ?? r.star_id) ?? ''}`
                  : r.status === 'rejected'
                    ? (r.reject_reason ?? '未通过')
                    : '—',
            },
            {
              title: '材料',
              key: 'materials',
              render: (_: unknown, r) =>
                r.materials.length === 0
                  ? '—'
                  : r.materials.map((mat) => (
                      <Button
                        key={mat.attachment.id}
                        type="link"
                        size="small"
                        onClick={() => void openAttachment(mat.attachment)}
                      >
                        {mat.attachment_dic_name}
                      </Button>
                    )),
            },
          ]}
        />
      </ScrollCue>
    </Card>
  );
}

/** /center/evaluation: my star level and figures, result notices, apply / submit materials / cancel, history. */
export default function EvaluationPage() {
  const center = useCenterRcpj();
  if (center.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (center.isError) return <Empty description="测评信息加载失败" />;
  const data = center.data;
  const open = data.list.find((r) => r.status === 'draft' || r.status === 'submitted');

  return (
    <div className="my-eval">
      <ResultNotices list={data.list} />
      <Card title="我的星级">
        <div className="my-eval__figures">
          <div className="my-eval__figure">
            <strong>{dictLabel(STAR_LEVELS, data.star_id) ?? '暂无星级'}</strong>
            <span>当前星级</span>
          </div>
          <div className="my-eval__figure">
            <strong>{formatLearnDuration(data.figures.learn_seconds)}</strong>
            <span>累计学习时长</span>
          </div>
          <div className="my-eval__figure">
            <strong>{data.figures.finished_courses}</strong>
            <span>已完成课程</span>
          </div>
          <div className="my-eval__figure">
            <strong>{data.figures.credentials}</strong>
            <span>资格证书</span>
          </div>
        </div>
      </Card>
      <ExamCertificatesCard />
      {!open && <ApplyCard data={data} />}
      {open?.status === 'draft' && <SubmitCard app={open} />}
      {open?.status === 'submitted' && (
        <Card title={`${open.star_name}评价申请`} extra={<CancelButton app={open} />}>
          <Alert
            type="info"
            showIcon
            title="材料已提交，请等待审核"
            description={`提交时间：${time(open.submitted_at)}`}
          />
        </Card>
      )}
      <History list={data.list} />
    </div>
  );
}
