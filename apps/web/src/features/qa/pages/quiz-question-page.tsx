import { LikeOutlined, LikeFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/shared/lib/api-client';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { notifier } from '@/shared/lib/notifier';
import { PlainBreadcrumb } from '@/shared/ui/plain-breadcrumb';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { RecordMissing } from '@/shared/ui/record-missing';
import { ReportButton } from '@/shared/ui/report-button';
import { qaKeys } from '../api/qa-keys';
import { quizDetailApi, useQuizDetail } from '../api/quiz-detail-api';
import { AnswerBlock, QuestionBody } from '../components/parts';
import { ASK_PATH, questionPath, time } from '../lib/format';
import '../components/qa.css';

/**
 * /quiz/:id: a public question with the expert's answer, the expert's card, follow-ups, the useful vote, related.
 * Drawn without antd (route handle `antd: false`); the 举报 dialog brings antd when opened.
 */
export default function QuizQuestionPage() {
  const id = Number(useParams().id);
  const detail = useQuizDetail(Number.isInteger(id) ? id : 0);
  const token = useSessionStore((s) => s.token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (detail.isError || !Number.isInteger(id) || id < 1) {
    return (
      <div className="page-container qa-page">
        <RecordMissing
          title="问题不存在"
          description="该问题不存在或未公开。"
          back={{ to: '/quiz', label: '返回在线问答' }}
        />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="page-container qa-page">
        <div className="qa-layout">
          <div className="qa-panel qa-panel--main" aria-busy="true">
            <PlainSkeleton rows={8} />
          </div>
          <div className="qa-panel" aria-busy="true">
            <PlainSkeleton rows={4} />
          </div>
        </div>
      </div>
    );
  }
  const q = detail.data;

  const vote = async () => {
    if (!token) {
      navigate(loginPathWithRedirect(questionPath(id)));
      return;
    }
    try {
      const res = await quizDetailApi.vote(id);
      notifier.success(res.message);
      await queryClient.invalidateQueries({ queryKey: qaKeys.detail(id) });
    } catch (err) {
      notifier.error(isApiError(err) ? err.message : '操作失败');
    }
  };

  return (
    <div className="page-container qa-page">
      <PlainBreadcrumb
        className="qa-crumbs"
        items={[{ label: '在线问答', to: '/quiz' }, { label: q.category }]}
      />
      <div className="qa-layout">
        <article className="qa-panel qa-panel--main">
          <h1 style={{ fontSize: 22, marginTop: 0 }}>{q.title}</h1>
          <div className="qa-card__meta" style={{ marginBottom: 12 }}>
            <PlainTag color="blue">{q.category}</PlainTag>
            {q.tags.map((t) => (
              <Link key={t} to={`/quiz?tag=${encodeURIComponent(t)}`}>
                <PlainTag>{t}</PlainTag>
              </Link>
            ))}
            <span>提问：{q.asker}</span>
            <span>{time(q.asked_at)}</span>
            {/* The page does not know whether the viewer asked it: the server refuses reporting one's own question. */}
            {token && <ReportButton kind="question" id={q.id} title="举报问题" className="qa-report" />}
          </div>
          <QuestionBody body={q.body} images={q.images} />
          {q.answer && <AnswerBlock answer={q.answer} />}
          {q.follow_ups.length > 0 && (
            <section className="qa-followups" aria-label="追问">
              <h3>追问</h3>
              {q.follow_ups.map((f) => (
                <div key={f.id} className="qa-followup">
                  <div className="qa-followup__q">
                    <strong>追问：</strong>
                    {f.content}
                  </div>
                  {f.answer && (
                    <div className="qa-followup__a">
                      <strong>专家回复：</strong>
                      {f.answer}
                    </div>
                  )}
                </div>
              ))}
            </section>
          )}
          <div style={{ marginTop: 20, textAlign: 'center' }}>
            <PlainButton
              variant={q.voted ? 'primary' : 'default'}
              size="middle"
              disabled={q.voted}
              onClick={() => void vote()}
            >
              {q.voted ? <LikeFilled aria-hidden="true" /> : <LikeOutlined aria-hidden="true" />}
              有用（{q.useful_count}）
            </PlainButton>
          </div>
        </article>
        <div>
          <section className="qa-panel" aria-labelledby="qa-related-title">
            <h2 id="qa-related-title" className="qa-panel__title">
              相关问题
            </h2>
            {q.related.length === 0 ? (
              <span className="qa-muted">暂无相关问题</span>
            ) : (
              <ul className="qa-side-list">
                {q.related.map((r) => (
                  <li key={r.id}>
                    <Link to={questionPath(r.id)}>{r.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="qa-panel" style={{ marginTop: 16 }}>
            <p className="qa-muted">没有找到答案？向协会智库专家提问，2个工作日内解答。</p>
            <PlainButton variant="primary" size="middle" block onClick={() => navigate(ASK_PATH)}>
              我要提问
            </PlainButton>
          </div>
        </div>
      </div>
    </div>
  );
}
