import { CREDIT_CATEGORY_LABELS, creditText } from '@app/contracts/credits/credits.rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ExamNotice, ExamSession } from '@app/contracts/exams/exams.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { notifier } from '@/shared/lib/notifier';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { FactList } from '@/shared/ui/fact-list';
import NotFoundPage from '@/shared/ui/not-found-page';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag, type PlainTagColor } from '@/shared/ui/plain-tag';
import { examKeys } from '../api/exam-keys';
import { examNoticeApi } from '../api/exam-notice-api';
import { ExamRules } from '../components/exam-rules';
import { EXAMINATION_PATH, dateTime, feeText } from '../lib/exam-format';
import './exams.css';

const PHASE: Record<ExamSession['phase'], { label: string; color: PlainTagColor }> = {
  registration_upcoming: { label: '报名未开始', color: 'default' },
  registration_open: { label: '报名中', color: 'green' },
  registration_closed: { label: '报名已截止', color: 'orange' },
  exam_open: { label: '考试进行中', color: 'blue' },
  exam_closed: { label: '考试已结束', color: 'default' },
};

/** The server's phase, computed from its own clock when the notice was read. */
const canRegister = (s: ExamSession) => s.registration_open;

/** A titled white panel of the notice (antd's Card look). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="exam-notice__card" aria-labelledby={id}>
      <h2 id={id} className="exam-notice__card-title">
        {title}
      </h2>
      <div className="exam-notice__card-body">{children}</div>
    </section>
  );
}

/**
 * /examNotice/:typeName: the exam notice with its sessions and the register button. Drawn without antd (route handle
 * `antd: false`): the notice is where a shared exam link lands. `belowHeader` is drawn under the heading (another
 * area's, composed in app/); while `belowHeaderPending` the page waits for it, so it never pushes the page down.
 */
export default function ExamNoticePage({
  belowHeader,
  belowHeaderPending = false,
}: { belowHeader?: ReactNode; belowHeaderPending?: boolean } = {}) {
  const { typeName = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const notice = useQuery({
    queryKey: [...examKeys.notice(typeName), token ?? ''],
    queryFn: () => examNoticeApi.notice(typeName),
    retry: (n, err) => !(isApiError(err) && err.code === 404) && n < 2,
  });

  const register = useMutation({
    mutationFn: async ({ session, type }: { session: ExamSession; type: ExamNotice }) => {
      if (type.fee_mode === 'free' || type.fee_mode === 'member_free') {
        try {
          await examNoticeApi.register(session.id);
          return { paid: false as const };
        } catch (err) {
          // A non-member of a member-free exam pays the fee through an order.
          if (!(isApiError(err) && err.code === 409 && (err.data as { amount?: number } | null)?.amount)) throw err;
        }
      }
      const order = await examNoticeApi.orderExam(session.id);
      return { paid: true as const, orderNo: order.order_no };
    },
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      if (r.paid) {
        navigate(`/payment?order_no=${encodeURIComponent(r.orderNo)}`);
        return;
      }
      notifier.success('报名成功');
      navigate(EXAMINATION_PATH);
    },
    onError: (err) => notifier.error(err instanceof Error ? err.message : '报名失败'),
  });

  if (notice.isPending || belowHeaderPending)
    return (
      <div className="page-container exam-notice" aria-busy="true">
        <div className="exam-notice__card exam-notice__loading">
          <PlainSkeleton rows={10} />
        </div>
      </div>
    );
  if (notice.isError) {
    if (isApiError(notice.error) && notice.error.code === 404) return <NotFoundPage />;
    return (
      <div className="page-container exam-notice">
        <p className="exam-notice__card" role="alert">
          考试公告加载失败，请刷新重试
        </p>
      </div>
    );
  }
  const t = notice.data;

  const onRegister = (session: ExamSession) => {
    if (!token) {
      navigate(loginPathWithRedirect(location.pathname));
      return;
    }
    register.mutate({ session, type: t });
  };

  const sessionAction = (s: ExamSession) => {
    if (s.my_registration?.state === 'registered')
      return (
        <PlainButton variant="default" size="middle" onClick={() => navigate(EXAMINATION_PATH)}>
          已报名，去考试
        </PlainButton>
      );
    if (!canRegister(s)) return <span className="exam-muted">不可报名</span>;
    return (
      <PlainButton
        variant="primary"
        size="middle"
        loading={register.isPending && register.variables?.session.id === s.id}
        onClick={() => onRegister(s)}
      >
        {t.fee_mode === 'paid' ? '缴费报名' : '立即报名'}
      </PlainButton>
    );
  };

  return (
    <article className="page-container exam-notice" aria-label={`${t.name}考试公告`}>
      <header className="exam-notice__head">
        <h1>
          {t.name} <PlainTag color="gold">{t.level}</PlainTag>
        </h1>
        <p>{t.summary}</p>
      </header>
      {belowHeader}
      <Panel title="考试公告">
        {t.notice.split('\n').map((p) => (
          <p key={p}>{p}</p>
        ))}
        <FactList
          className="exam-facts"
          items={[
            { label: '考试费用', value: feeText(t) },
            { label: '合格标准', value: `满分${t.full_score}分，${t.pass_score}分及以上合格` },
            { label: '证书有效期', value: `${t.validity_months / 12}年` },
            ...(t.credit_category && t.credits
              ? [{ label: '继续教育学分', value: `考试合格计入${CREDIT_CATEGORY_LABELS[t.credit_category]} ${creditText(t.credits)} 学分` }]
              : []),
            { label: '报考条件', value: t.eligibility.join('；') },
          ]}
        />
      </Panel>
      <Panel title="考试大纲">
        <ol className="exam-notice__syllabus">
          {t.syllabus.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </Panel>
      <Panel title="考试须知">
        <ExamRules sessions={t.sessions} />
      </Panel>
      <Panel title="考试场次">
        <div className="exam-sessions">
          <table>
            <thead>
              <tr>
                <th scope="col">场次</th>
                <th scope="col">报名时间</th>
                <th scope="col">考试时间</th>
                <th scope="col">时长</th>
                <th scope="col">状态</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {t.sessions.length === 0 ? (
                <tr>
                  <td colSpan={6} className="exam-sessions__empty">
                    暂无考试场次
                  </td>
                </tr>
              ) : (
                t.sessions.map((s) => (
                  <tr key={s.id}>
                    <td data-label="场次">{s.title}</td>
                    <td data-label="报名时间">
                      {dateTime(s.register_start)} 至 {dateTime(s.register_end)}
                    </td>
                    <td data-label="考试时间">
                      {dateTime(s.exam_start)} 至 {dateTime(s.exam_end)}
                    </td>
                    <td data-label="时长">{s.duration_minutes}分钟</td>
                    <td data-label="状态">
                      <PlainTag color={PHASE[s.phase].color}>{PHASE[s.phase].label}</PlainTag>
                    </td>
                    <td data-label="操作">{sessionAction(s)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Panel>
    </article>
  );
}
