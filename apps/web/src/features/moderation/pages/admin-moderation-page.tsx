import { App, Alert, Badge, Button, Card, Empty, Form, Input, Modal, Segmented, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  HIDE_REASON_MAX_LENGTH,
  MODERATION_KIND_LABELS,
  MODERATION_KINDS,
  MODERATION_STATE_LABELS,
  MODERATION_WORD_MAX_LENGTH,
  MODERATION_WORDS_MAX,
  moderationMessages as m,
  REPORT_REASONS,
  type ModerationItem,
  type ModerationKind,
  type ModerationState,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useModerationActions, useModerationQueue, useModerationWords } from '../api/use-moderation';
import { highlightWords } from '../lib/highlight';
import './admin-moderation.css';

const PER_PAGE = 20;
const time = (iso: string) => chinaDateTime(iso);
/** Quick choices for the hide reason; staff may also write their own. */
const HIDE_PRESETS = ['发布广告信息', '辱骂攻击他人', '含色情低俗内容', '含违法违规内容', '发布虚假或误导信息'];

function HideDialog({ item, onClose }: { item: ModerationItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const { hide } = useModerationActions();
  const [form] = Form.useForm<{ reason: string }>();

  useEffect(() => {
    if (item) form.resetFields();
  }, [item, form]);

  async function submit({ reason }: { reason: string }) {
    try {
      await hide.mutateAsync({ id: item!.id, reason: reason.trim() });
      message.success(m.hidden);
      onClose();
    } catch (err) {
      form.setFields([{ name: 'reason', errors: [isApiError(err) ? (err.fieldErrors.reason ?? err.message) : '操作失败，请重试'] }]);
    }
  }

  return (
    <Modal
      title="隐藏内容"
      open={item !== null}
      onCancel={onClose}
      okText="隐藏并通知作者"
      okButtonProps={{ danger: true, loading: hide.isPending }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {item && (
        <>
          <p className="moderation-dialog__quote">{highlightWords(item.text, item.flagged_words)}</p>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="reason"
              label="隐藏原因（将发送给作者）"
              rules={[
                { required: true, whitespace: true, message: m.hideReasonRequired },
                { max: HIDE_REASON_MAX_LENGTH, message: m.hideReasonTooLong },
              ]}
            >
              <Input.TextArea rows={3} placeholder="例如：发布广告信息" showCount maxLength={HIDE_REASON_MAX_LENGTH} />
            </Form.Item>
            <Space wrap size={[8, 8]}>
              {HIDE_PRESETS.map((p) => (
                <Button key={p} size="small" className="moderation-preset" onClick={() => form.setFieldsValue({ reason: p })}>
                  {p}
                </Button>
              ))}
            </Space>
          </Form>
        </>
      )}
    </Modal>
  );
}

function QueueTab({ state, kind }: { state: ModerationState; kind: ModerationKind | undefined }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  const queue = useModerationQueue({ state, kind, page, per: PER_PAGE });
  const { restore } = useModerationActions();

  const confirmRestore = (item: ModerationItem) =>
    modal.confirm({
      title: item.state === 'hidden' ? '恢复显示这条内容？' : '保留这条内容？',
      content: item.state === 'hidden' ? '内容将重新公开显示，并通知作者。' : '内容继续显示，记录移入“已恢复”。',
      okText: item.state === 'hidden' ? '恢复' : '保留',
      cancelText: '取消',
      onOk: async () => {
        await restore.mutateAsync(item.id);
        message.success(item.state === 'hidden' ? m.restored : m.kept);
      },
    });

  const columns: ColumnsType<ModerationItem> = [
    {
      title: '内容',
      key: 'text',
      render: (_, r) => (
        <div className="moderation-item">
          <p className="moderation-item__text">{highlightWords(r.text, r.flagged_words)}</p>
          <div className="moderation-item__meta">
            <Tag color="blue">{MODERATION_KIND_LABELS[r.kind]}</Tag>
            {r.link ? (
              <Link to={r.link} target="_blank">
                {r.context}
              </Link>
            ) : (
              <span>{r.context}</span>
            )}
          </div>
        </div>
      ),
    },
    { title: '作者', key: 'author', width: 100, render: (_, r) => r.author.name },
    {
      title: '命中敏感词',
      key: 'words',
      width: 130,
      render: (_, r) =>
        r.flagged_words.length ? (
          <Space wrap size={[4, 4]}>
            {r.flagged_words.map((w) => (
              <Tag key={w} color="red">
                {w}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: '举报',
      key: 'reports',
      width: 150,
      render: (_, r) =>
        r.report_count ? (
          <Space direction="vertical" size={2}>
            <span>{r.report_count} 人举报</span>
            <Space wrap size={[4, 4]}>
              {r.reports.map((x) => (
                <Tag key={x.reason} color="orange">
                  {x.reason} ×{x.count}
                </Tag>
              ))}
            </Space>
          </Space>
        ) : (
          <Typography.Text type="secondary">自动识别</Typography.Text>
        ),
    },
    ...(state === 'pending'
      ? [{ title: '时间', key: 'time', width: 110, render: (_: unknown, r: ModerationItem) => time(r.updated_at) }]
      : [
          {
            title: '处理',
            key: 'handled',
            width: 200,
            render: (_: unknown, r: ModerationItem) => (
              <Space direction="vertical" size={2}>
                {r.hide_reason && <span>原因：{r.hide_reason}</span>}
                <Typography.Text type="secondary">
                  {r.handled_by ?? '—'} {r.handled_at ? time(r.handled_at) : ''}
                </Typography.Text>
              </Space>
            ),
          },
        ]),
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, r) => (
        <Space>
          {r.state !== 'hidden' && (
            <Button size="small" danger onClick={() => setHiding(r)}>
              隐藏
            </Button>
          )}
          {r.state === 'pending' && (
            <Button size="small" onClick={() => confirmRestore(r)}>
              保留
            </Button>
          )}
          {r.state === 'hidden' && (
            <Button size="small" onClick={() => confirmRestore(r)}>
              恢复
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<ModerationItem>
        rowKey="id"
        columns={columns}
        dataSource={queue.data?.list ?? []}
        loading={queue.isFetching}
        locale={{ emptyText: <Empty description={state === 'pending' ? '没有待处理的内容' : '暂无记录'} /> }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: queue.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (n) => `共 ${n} 条`,
        }}
      />
      <HideDialog item={hiding} onClose={() => setHiding(null)} />
    </>
  );
}

type WordsForm = { blocked: string[]; allowed: string[] };

const wordRule = {
  validator: async (_: unknown, words: string[] = []) => {
    if (words.length > MODERATION_WORDS_MAX) throw new Error(m.wordsTooMany);
    if (words.some((w) => w.trim().length > MODERATION_WORD_MAX_LENGTH)) throw new Error(m.wordTooLong);
  },
};

function WordsTab() {
  const { message } = App.useApp();
  const words = useModerationWords();
  const { saveWords } = useModerationActions();
  const [form] = Form.useForm<WordsForm>();

  useEffect(() => {
    if (words.data) form.setFieldsValue({ blocked: words.data.blocked, allowed: words.data.allowed });
  }, [words.data, form]);

  async function submit(values: WordsForm) {
    const clean = (ws: string[] = []) => ws.map((w) => w.trim()).filter(Boolean);
    const body = { blocked: clean(values.blocked), allowed: clean(values.allowed) };
    const allowed = new Set(body.allowed.map((w) => w.toLowerCase()));
    const both = body.blocked.find((w) => allowed.has(w.toLowerCase()));
    if (both) return form.setFields([{ name: 'allowed', errors: [m.wordBothLists(both)] }]);
    try {
      await saveWords.mutateAsync(body);
      message.success(m.wordsSaved);
    } catch (err) {
      const msg = isApiError(err) ? err.message : '保存失败，请重试';
      const field = isApiError(err) && Object.keys(err.fieldErrors).some((k) => k.startsWith('blocked')) ? 'blocked' : 'allowed';
      form.setFields([{ name: field, errors: [msg] }]);
    }
  }

  return (
    <div className="moderation-words">
      <Alert
        type="info"
        showIcon
        message={
          words.data
            ? `内置词库：${words.data.library.word_count} 个常用敏感词（广告、色情、暴力、政治等类别，随系统升级更新）`
            : '内置词库加载中'
        }
        description="新发布的评论、问答、追问和直播聊天会先经过内置词库和下方追加的敏感词筛查，命中即进入待处理队列（内容仍正常显示，由审核员决定是否隐藏）。放行词不再被标记，适合“招聘”“兼职”这类在本平台正常使用的词。设置只对之后发布的内容生效。"
      />
      <Form form={form} layout="vertical" onFinish={submit} className="moderation-words__form">
        <Form.Item name="blocked" label="追加敏感词" rules={[wordRule]} extra="输入后按回车添加；每个词不超过20个字">
          <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder="例如：骗子、加微信" aria-label="追加敏感词" />
        </Form.Item>
        <Form.Item name="allowed" label="放行词（不标记）" rules={[wordRule]}>
          <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder="例如：招聘、兼职" aria-label="放行词" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saveWords.isPending}>
          保存设置
        </Button>
      </Form>
    </div>
  );
}

/** /admin/moderation: the queue of reported and auto-flagged comments, questions and chat, and the word settings. */
export default function AdminModerationPage() {
  const [tab, setTab] = useState<ModerationState | 'words'>('pending');
  const [kind, setKind] = useState<ModerationKind | 'all'>('all');
  const source = kind === 'all' ? undefined : kind;
  const counts = useModerationQueue({ state: 'pending', kind: source, page: 1, per: PER_PAGE }).data?.counts;

  const label = (s: ModerationState) => (
    <span>
      {MODERATION_STATE_LABELS[s]}
      {counts && counts[s] > 0 && (
        <Badge count={counts[s]} overflowCount={999} color={s === 'pending' ? 'red' : 'gray'} className="moderation-tab-badge" />
      )}
    </span>
  );

  return (
    <Card
      title="内容审核"
      extra={
        tab !== 'words' && (
          <Segmented
            aria-label="来源"
            value={kind}
            onChange={(v) => setKind(v as ModerationKind | 'all')}
            options={[{ label: '全部来源', value: 'all' }, ...MODERATION_KINDS.map((k) => ({ label: MODERATION_KIND_LABELS[k], value: k }))]}
          />
        )
      }
    >
      <Typography.Paragraph type="secondary">
        用户举报（{REPORT_REASONS.join('、')}）和敏感词自动识别的课程评论、问答与直播聊天集中在这里处理。隐藏后内容从公开页面移除，作者会在消息中心收到原因。文章资讯不开放评论，因此不在队列中。
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ModerationState | 'words')}
        destroyOnHidden
        items={[
          ...(['pending', 'hidden', 'restored'] as const).map((s) => ({
            key: s,
            label: label(s),
            // Keyed by source: a new filter starts at page 1.
            children: <QueueTab key={kind} state={s} kind={source} />,
          })),
          { key: 'words', label: '敏感词设置', children: <WordsTab /> },
        ]}
      />
    </Card>
  );
}
