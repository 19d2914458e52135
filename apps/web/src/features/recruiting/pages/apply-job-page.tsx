import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApplicationStatus } from '@app/contracts/recruiting/recruiting.rules';
import type { ReceivedApplication, SentApplication } from '@app/contracts';
import {
  APPLICATION_STATUS_LABELS,
  INTERVIEW_PLACE_MAX,
  recruitingMessages as m,
} from '@app/contracts/recruiting/recruiting.rules';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { applyServerErrors, cityText, dateText, dateTimeText, educationText, starText } from '../lib/format';
import { cardColumns } from '@/shared/lib/card-columns';
import '../components/recruiting.css';

const PER = 10;
type Filter = ApplicationStatus | 'all';
const STATUS_COLORS: Record<ApplicationStatus, string> = {
  sent: 'blue',
  viewed: 'cyan',
  interview: 'green',
  unsuitable: 'default',
  withdrawn: 'default',
};
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  ...(Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[]).map((s) => ({
    value: s,
    label: APPLICATION_STATUS_LABELS[s],
  })),
];

function InterviewText({
  a,
}: {
  a: { interview_at: string | null; interview_place: string | null; interview_accepted: boolean };
}) {
  if (!a.interview_at) return null;
  return (
    <div className="rc-muted">
      面试：{dateTimeText(a.interview_at)}，{a.interview_place}
      {a.interview_accepted ? (
        <Tag color="green" style={{ marginLeft: 6 }}>
          已接受
        </Tag>
      ) : (
        <Tag style={{ marginLeft: 6 }}>待接受</Tag>
      )}
    </div>
  );
}

/** A personal account's sent applications. */
function SentList() {
  const [status, setStatus] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const q = { status, page, per: PER };
  const list = useQuery({
    queryKey: recruitingKeys.sent(q),
    queryFn: () => recruitingApi.sent(q),
    placeholderData: keepPreviousData,
  });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const act = async (call: Promise<{ message: string }>) => {
    const res = await call;
    message.success(res.message);
    await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
  };
  return (
    <>
      <Segmented
        aria-label="投递状态"
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={FILTERS}
        style={{ marginBottom: 16 }}
      />
      <Table<SentApplication>
        className="rc-card-table"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{
          emptyText: (
            <span>
              还没有投递记录，去 <Link to="/jobDetail">招聘求职</Link> 看看
            </span>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={cardColumns<SentApplication>([
          {
            title: '职位',
            key: 'post',
            render: (_, a) => (
              <div>
                <Link to={`/jobDetail/jinfo?id=${a.post.id}`} style={{ fontWeight: 600 }}>
                  {a.post.title}
                </Link>
                <div className="rc-muted">
                  {a.company.name} · {cityText(a.post.citys)} · {a.post.salary_text}
                </div>
              </div>
            ),
          },
          {
            title: '状态',
            key: 'status',
            render: (_, a) => (
              <div>
                <Tag color={STATUS_COLORS[a.status]}>{a.status_label}</Tag>
                <InterviewText a={a} />
              </div>
            ),
          },
          { title: '投递时间', key: 'at', width: 120, render: (_, a) => dateText(a.created_at) },
          {
            title: '操作',
            key: 'ops',
            width: 140,
            render: (_, a) => (
              <Space>
                {a.status === 'sent' && (
                  <Popconfirm
                    title="确定撤回该投递？"
                    okText="撤回"
                    cancelText="取消"
                    onConfirm={() => act(recruitingApi.withdraw(a.id))}
                  >
                    <Button size="small">撤回</Button>
                  </Popconfirm>
                )}
                {a.status === 'interview' && !a.interview_accepted && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => void act(recruitingApi.acceptInterview(a.id))}
                  >
                    接受面试
                  </Button>
                )}
              </Space>
            ),
          },
        ])}
      />
    </>
  );
}

interface InviteValues {
  at: Dayjs;
  place: string;
}

/** A company's received applications: filters, bulk marks, interview invitations. */
function ReceivedList() {
  const [params, setParams] = useSearchParams();
  const postId = Number(params.get('post_id')) || undefined;
  const [status, setStatus] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [inviting, setInviting] = useState(false);
  const [form] = Form.useForm<InviteValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = { post_id: postId, status, page, per: PER };
  const list = useQuery({
    queryKey: recruitingKeys.received(q),
    queryFn: () => recruitingApi.received(q),
    placeholderData: keepPreviousData,
  });
  const posts = useQuery({
    queryKey: recruitingKeys.myPosts({ status: 'all', per: 50 }),
    queryFn: () => recruitingApi.myPosts({ status: 'all', page: 1, per: 50 }),
  });

  const mark = async (status: 'viewed' | 'unsuitable' | 'interview', extra: object = {}) => {
    try {
      const res = await recruitingApi.mark({ ids: selected, status, ...extra });
      message.success(`${res.message}（${res.data.updated} 份）`);
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
      return true;
    } catch (err) {
      message.error(applyServerErrors(form, err, '操作失败'));
      return false;
    }
  };

  return (
    <>
      <div className="rc-toolbar">
        <Space wrap>
          <Select
            aria-label="按职位筛选"
            placeholder="全部职位"
            allowClear
            style={{ width: 220 }}
            value={postId}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              if (v) next.set('post_id', String(v));
              else next.delete('post_id');
              setParams(next);
              setPage(1);
            }}
            options={(posts.data?.list ?? []).map((p) => ({ value: p.id, label: p.title }))}
          />
          <Segmented
            aria-label="投递状态"
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={FILTERS}
          />
        </Space>
        <Space wrap>
          <span className="rc-muted rc-nowrap">已选 {selected.length} 份</span>
          <Button disabled={!selected.length} onClick={() => void mark('viewed')}>
            标为已查看
          </Button>
          <Button disabled={!selected.length} onClick={() => setInviting(true)} type="primary">
            邀请面试
          </Button>
          <Button disabled={!selected.length} onClick={() => void mark('unsuitable')} danger>
            标为不合适
          </Button>
        </Space>
      </div>
      <Table<ReceivedApplication>
        className="rc-card-table"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无收到的简历' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (a) => ({
            disabled: a.status === 'withdrawn',
            'aria-label': `选择 ${a.applicant.name}`,
          }),
        }}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={cardColumns<ReceivedApplication>([
          {
            title: '求职者',
            key: 'who',
            render: (_, a) => (
              <div>
                <div style={{ fontWeight: 600 }}>{a.applicant.name}</div>
                <div className="rc-muted">
                  {starText(a.applicant.star_id)} · {educationText(a.applicant.highest_degree)} ·{' '}
                  {a.applicant.work_years}年经验
                  {a.has_attachment && ' · 附 PDF'}
                </div>
              </div>
            ),
          },
          // One line: a long title ends in an ellipsis and shows whole on hover.
          { title: '投递职位', key: 'post', width: 180, ellipsis: { showTitle: true }, render: (_, a) => a.post.title },
          {
            title: '状态',
            key: 'status',
            render: (_, a) => (
              <div>
                <Tag color={STATUS_COLORS[a.status]}>{a.status_label}</Tag>
                <InterviewText a={a} />
              </div>
            ),
          },
          { title: '投递时间', key: 'at', width: 110, render: (_, a) => dateText(a.created_at) },
          {
            title: '操作',
            key: 'ops',
            width: 100,
            render: (_, a) =>
              a.status === 'withdrawn' ? (
                <span className="rc-muted">已撤回</span>
              ) : (
                <Link to={`/center/recruitment/resumePreview?id=${a.id}`}>查看简历</Link>
              ),
          },
        ])}
      />
      <Modal
        open={inviting}
        title={`邀请面试（${selected.length} 人）`}
        okText="发送邀请"
        cancelText="取消"
        onCancel={() => setInviting(false)}
        onOk={async () => {
          let v: InviteValues;
          try {
            v = await form.validateFields();
          } catch {
            return;
          }
          if (
            await mark('interview', { interview_at: v.at.toISOString(), interview_place: v.place.trim() })
          ) {
            setInviting(false);
            form.resetFields();
          }
        }}
      >
        <Form form={form} layout="vertical" name="invite">
          <Form.Item
            label="面试时间"
            name="at"
            rules={[{ required: true, message: m.interviewTimeRequired }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
          <Form.Item
            label="面试地点"
            name="place"
            rules={[
              { required: true, whitespace: true, message: m.interviewPlaceRequired },
              { max: INTERVIEW_PLACE_MAX, message: m.textTooLong(INTERVIEW_PLACE_MAX) },
            ]}
          >
            <Input placeholder="如：郑州市郑东新区商务内环路16号 12楼" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /center/applyJob: sent applications (personal) or received applications (company, menu 收到的简历). */
export default function ApplyJobPage() {
  const role = useSessionStore((s) => s.role);
  return (
    <div className="rc-centre">
      <h2 className="rc-page__title">{role === 'company' ? '收到的简历' : '我的求职'}</h2>
      {role === 'company' ? <ReceivedList /> : <SentList />}
    </div>
  );
}
