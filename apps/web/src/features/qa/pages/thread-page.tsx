import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Input,
  Popconfirm,
  Rate,
  Result,
  Skeleton,
  Space,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Envelope } from '@app/contracts/common/envelope';
import { QA_FOLLOW_UP_MAX, qaMessages as m } from '@app/contracts/qa/qa.rules';
import type { MyThread } from '@app/contracts/qa/qa.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { qaApi, qaKeys } from '../api/qa-api';
import { useThread } from '../api/use-qa';
import { AnswerBlock, QuestionBody, StateTag } from '../components/parts';
import { questionPath, time } from '../lib/format';
import '../components/qa.css';

/** /center/quizInfo?id=: my question's thread: the answer, follow-ups (up to 3), rating and closing. */
export default function ThreadPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const thread = useThread(Number.isInteger(id) && id > 0 ? id : 0);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [followUp, setFollowUp] = useState('');
  const [followUpError, setFollowUpError] = useState<string | null>(null);
  const [rating, setRating] = useState(0);
  const [busy, setBusy] = useState(false);

  if (thread.isError || !(id > 0)) {
    return (
      <Card variant="borderless">
        <Result status="404" title="问题不存在" extra={<Link to="/center/quiz">返回我的提问</Link>} />
      </Card>
    );
  }
  if (!thread.data) return <Skeleton active />;
  const q = thread.data;

  const run = async (call: () => Promise<Envelope<MyThread>>, after?: () => void) => {
    setBusy(true);
    try {
      const res = await call();
      message.success(res.message);
      queryClient.setQueryData(qaKeys.thread(id), res.data);
      await queryClient.invalidateQueries({ queryKey: ['qa', 'mine'] });
      after?.();
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败');
    } finally {
      setBusy(false);
    }
  };

  const sendFollowUp = () => {
    const text = followUp.trim();
    if (!text) return setFollowUpError(m.followUpRequired);
    if (text.length > QA_FOLLOW_UP_MAX) return setFollowUpError(m.followUpTooLong);
    setFollowUpError(null);
    void run(
      () => qaApi.followUp(id, text),
      () => setFollowUp(''),
    );
  };

  const pending = q.follow_ups.some((f) => f.answer === null);
  const canFollowUp = q.state === 'answered' && q.follow_ups_left > 0 && !pending;

  return (
    <Card
      variant="borderless"
      title="提问详情"
      extra={
        <Space>
          {q.is_public && q.answer && !q.hidden && (
            <Link to={questionPath(q.id)} target="_blank">
              查看公开页
            </Link>
          )}
          <Link to="/center/quiz">返回我的提问</Link>
        </Space>
      }
    >
      <h2 style={{ marginTop: 0 }}>{q.title}</h2>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="状态">
          <StateTag state={q.state} />
        </Descriptions.Item>
        <Descriptions.Item label="分类">{q.category}</Descriptions.Item>
        <Descriptions.Item label="提问时间">{time(q.asked_at)}</Descriptions.Item>
        <Descriptions.Item label={q.answer ? '解答时间' : '最晚解答时间'}>
          {q.answer ? time(q.answer.answered_at) : <strong>{time(q.due_at)} 前</strong>}
        </Descriptions.Item>
        <Descriptions.Item label="公开">
          {q.is_public ? '公开（姓名已隐去）' : '仅自己可见'}
        </Descriptions.Item>
      </Descriptions>
      {q.hidden && (
        <Alert
          type="warning"
          showIcon
          title="该问题已被工作人员隐藏，不在在线问答中展示。"
          style={{ marginBottom: 12 }}
        />
      )}
      <QuestionBody body={q.body} images={q.images} />
      {!q.answer && q.state !== 'closed' && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={q.state === 'answering' ? '专家正在解答' : '等待专家解答'}
          description={`专家将在 ${time(q.due_at)} 前解答，解答后会通过消息中心通知您。`}
        />
      )}
      {q.answer && <AnswerBlock answer={q.answer} />}

      {q.follow_ups.length > 0 && (
        <section className="qa-followups" aria-label="追问">
          <h3>追问</h3>
          {q.follow_ups.map((f) => (
            <div key={f.id} className="qa-followup">
              <div className="qa-followup__q">
                <strong>我的追问：</strong>
                {f.content} <span className="qa-muted">{time(f.asked_at)}</span>
              </div>
              <div className="qa-followup__a">
                {f.answer ? (
                  <>
                    <strong>专家回复：</strong>
                    {f.answer}
                  </>
                ) : (
                  <span className="qa-muted">等待专家回复</span>
                )}
              </div>
            </div>
          ))}
        </section>
      )}

      {canFollowUp && (
        <section style={{ marginTop: 16 }} aria-label="追问专家">
          <Input.TextArea
            rows={3}
            value={followUp}
            maxLength={QA_FOLLOW_UP_MAX}
            showCount
            status={followUpError ? 'error' : undefined}
            placeholder={`对解答还有疑问？可追问专家（还可追问 ${q.follow_ups_left} 次）`}
            onChange={(e) => setFollowUp(e.target.value)}
            aria-label="追问内容"
          />
          {followUpError && <div className="ant-form-item-explain-error">{followUpError}</div>}
          <Button style={{ marginTop: 8 }} loading={busy} onClick={sendFollowUp}>
            提交追问
          </Button>
        </section>
      )}

      {q.answer && (
        <section style={{ marginTop: 24 }} aria-label="评价解答">
          <h3>评价解答</h3>
          {q.rating ? (
            <Space>
              <Rate disabled value={q.rating} />
              <span className="qa-muted">您已评价 {q.rating} 分</span>
            </Space>
          ) : (
            <Space>
              <Rate value={rating} onChange={setRating} aria-label="评分" />
              <Button
                type="primary"
                disabled={!rating}
                loading={busy}
                onClick={() => void run(() => qaApi.rate(id, rating))}
              >
                提交评价
              </Button>
            </Space>
          )}
        </section>
      )}

      {q.state !== 'closed' && (
        <div style={{ marginTop: 24 }}>
          <Popconfirm
            title="关闭后不能再追问，确定关闭该问题吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => run(() => qaApi.close(id))}
          >
            <Button danger>关闭问题</Button>
          </Popconfirm>
        </div>
      )}
    </Card>
  );
}
