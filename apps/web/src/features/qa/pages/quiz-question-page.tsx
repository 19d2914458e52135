import { LikeOutlined, LikeFilled } from '@ant-design/icons';
import { App, Breadcrumb, Button, Card, Result, Skeleton, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/shared/lib/api-client';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { ReportButton } from '@/shared/ui/report-button';
import { qaApi, qaKeys } from '../api/qa-api';
import { useQuizDetail } from '../api/use-qa';
import { AnswerBlock, QuestionBody } from '../components/parts';
import { ASK_PATH, questionPath, time } from '../lib/format';
import '../components/qa.css';

/** /quiz/:id: a public question with the expert's answer, the expert's card, follow-ups, the useful vote, related. */
export default function QuizQuestionPage() {
  const id = Number(useParams().id);
  const detail = useQuizDetail(Number.isInteger(id) ? id : 0);
  const token = useSessionStore((s) => s.token);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  if (detail.isError || !Number.isInteger(id) || id < 1) {
    return (
      <div className="page-container qa-page">
        <Result
          status="404"
          title="问题不存在"
          subTitle="该问题不存在或未公开。"
          extra={<Link to="/quiz">返回在线问答</Link>}
        />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="page-container qa-page">
        <Skeleton active />
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
      const res = await qaApi.vote(id);
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: qaKeys.detail(id) });
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败');
    }
  };

  return (
    <div className="page-container qa-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to="/quiz">在线问答</Link> }, { title: q.category }]}
      />
      <div className="qa-layout">
        <Card variant="borderless">
          <h1 style={{ fontSize: 22, marginTop: 0 }}>{q.title}</h1>
          <div className="qa-card__meta" style={{ marginBottom: 12 }}>
            <Tag color="blue">{q.category}</Tag>
            {q.tags.map((t) => (
              <Link key={t} to={`/quiz?tag=${encodeURIComponent(t)}`}>
                <Tag>{t}</Tag>
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
            <Button
              icon={q.voted ? <LikeFilled /> : <LikeOutlined />}
              type={q.voted ? 'primary' : 'default'}
              disabled={q.voted}
              onClick={() => void vote()}
            >
              有用（{q.useful_count}）
            </Button>
          </div>
        </Card>
        <div>
          <Card variant="borderless" title="相关问题">
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
          </Card>
          <Card variant="borderless" style={{ marginTop: 16 }}>
            <p className="qa-muted">没有找到答案？向协会智库专家提问，2个工作日内解答。</p>
            <Button type="primary" block onClick={() => navigate(ASK_PATH)}>
              我要提问
            </Button>
          </Card>
        </div>
      </div>
    </div>
  );
}
