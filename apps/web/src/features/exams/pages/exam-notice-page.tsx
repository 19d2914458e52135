import { App, Button, Card, Descriptions, Skeleton, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ExamNotice, ExamSession } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import NotFoundPage from '@/shared/ui/not-found-page';
import { examKeys, examsApi } from '../api/exams-api';
import { EXAMINATION_PATH, dateTime, feeText } from '../lib/exam-format';
import './exams.css';

const PHASE: Record<ExamSession['phase'], { label: string; color: string }> = {
  registration_upcoming: { label: '报名未开始', color: 'default' },
  registration_open: { label: '报名中', color: 'green' },
  registration_closed: { label: '报名已截止', color: 'orange' },
  exam_open: { label: '考试进行中', color: 'blue' },
  exam_closed: { label: '考试已结束', color: 'default' },
};

/** The server's phase, computed from its own clock when the notice was read. */
const canRegister = (s: ExamSession) => s.registration_open;

/** /examNotice/:typeName: the exam notice with its sessions and the register button. */
export default function ExamNoticePage() {
  const { typeName = '' } = useParams();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const notice = useQuery({
    queryKey: [...examKeys.notice(typeName), token ?? ''],
    queryFn: () => examsApi.notice(typeName),
    retry: (n, err) => !(isApiError(err) && err.code === 404) && n < 2,
  });

  const register = useMutation({
    mutationFn: async ({ session, type }: { session: ExamSession; type: ExamNotice }) => {
      if (type.fee_mode === 'free' || type.fee_mode === 'member_free') {
        try {
          await examsApi.register(session.id);
          return { paid: false as const };
        } catch (err) {
          // A non-member of a member-free exam pays the fee through an order.
          if (!(isApiError(err) && err.code === 409 && (err.data as { amount?: number } | null)?.amount)) throw err;
        }
      }
      const order = await examsApi.orderExam(session.id);
      return { paid: true as const, orderNo: order.order_no };
    },
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      if (r.paid) {
        navigate(`/payment?order_no=${encodeURIComponent(r.orderNo)}`);
        return;
      }
      message.success('报名成功');
      navigate(EXAMINATION_PATH);
    },
    onError: (err) => message.error(err instanceof Error ? err.message : '报名失败'),
  });

  if (notice.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (notice.isError) {
    if (isApiError(notice.error) && notice.error.code === 404) return <NotFoundPage />;
    return <Card>考试公告加载失败，请刷新重试</Card>;
  }
  const t = notice.data;

  const onRegister = (session: ExamSession) => {
    if (!token) {
      navigate(loginPathWithRedirect(location.pathname));
      return;
    }
    register.mutate({ session, type: t });
  };

  return (
    <article className="page-container exam-notice" aria-label={`${t.name}考试公告`}>
      <header className="exam-notice__head">
        <h1>
          {t.name} <Tag color="gold">{t.level}</Tag>
        </h1>
        <p>{t.summary}</p>
      </header>
      <Card title="考试公告" className="exam-notice__card">
        {t.notice.split('\n').map((p) => (
          <p key={p}>{p}</p>
        ))}
        <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
          <Descriptions.Item label="考试费用">{feeText(t)}</Descriptions.Item>
          <Descriptions.Item label="合格标准">
            满分{t.full_score}分，{t.pass_score}分及以上合格
          </Descriptions.Item>
          <Descriptions.Item label="证书有效期">{t.validity_months / 12}年</Descriptions.Item>
          <Descriptions.Item label="报考条件">{t.eligibility.join('；')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="考试大纲" className="exam-notice__card">
        <ol className="exam-notice__syllabus">
          {t.syllabus.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </Card>
      <Card title="考试场次" className="exam-notice__card">
        <Table<ExamSession>
          rowKey="id"
          pagination={false}
          dataSource={t.sessions}
          locale={{ emptyText: '暂无考试场次' }}
          scroll={{ x: 760 }}
          columns={[
            { title: '场次', dataIndex: 'title' },
            {
              title: '报名时间',
              render: (_, s) => `${dateTime(s.register_start)} 至 ${dateTime(s.register_end)}`,
            },
            { title: '考试时间', render: (_, s) => `${dateTime(s.exam_start)} 至 ${dateTime(s.exam_end)}` },
            { title: '时长', render: (_, s) => `${s.duration_minutes}分钟` },
            { title: '状态', render: (_, s) => <Tag color={PHASE[s.phase].color}>{PHASE[s.phase].label}</Tag> },
            {
              title: '操作',
              render: (_, s) => {
                if (s.my_registration?.state === 'registered')
                  return (
                    <Button onClick={() => navigate(EXAMINATION_PATH)}>已报名，去考试</Button>
                  );
                if (!canRegister(s)) return <span className="exam-muted">不可报名</span>;
                return (
                  <Button
                    type="primary"
                    loading={register.isPending && register.variables?.session.id === s.id}
                    onClick={() => onRegister(s)}
                  >
                    {t.fee_mode === 'paid' ? '缴费报名' : '立即报名'}
                  </Button>
                );
              },
            },
          ]}
        />
      </Card>
    </article>
  );
}
