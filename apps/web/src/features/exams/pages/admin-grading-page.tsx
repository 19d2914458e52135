import { App, Button, Card, Empty, Input, InputNumber, List, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GradingItem } from '@app/contracts';
import { examKeys, examsApi } from '../api/exams-api';
import { dateTime } from '../lib/exam-format';
import './exams.css';

function GradeItem({ item }: { item: GradingItem }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (score === null) {
      message.warning('请输入得分');
      return;
    }
    setSaving(true);
    try {
      const r = await examsApi.grade({ attempt_id: item.attempt_id, question_id: item.question_id, score, comment });
      message.success(r.remaining === 0 ? '评分已保存，该答卷成绩已发布' : '评分已保存');
      await queryClient.invalidateQueries({ queryKey: examKeys.grading });
    } catch {
      // The client shows the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <List.Item>
      <div className="grading-item">
        <div className="exam-muted">
          {item.exam_name} · 答卷编号 {item.attempt_id} · 交卷于 {dateTime(item.submitted_at)}
        </div>
        <p>
          <strong>题目：</strong>
          {item.stem}
        </p>
        <p className="exam-muted">
          <strong>参考答案：</strong>
          {item.reference}
        </p>
        <p>
          <strong>考生作答：</strong>
          {item.answer}
        </p>
        <Space wrap>
          <InputNumber aria-label="得分" min={0} max={item.max_score} step={0.5} value={score} onChange={setScore} addonAfter={`/ ${item.max_score}分`} />
          <Input aria-label="评语" placeholder="评语（可选）" value={comment} onChange={(e) => setComment(e.target.value)} style={{ width: 280 }} maxLength={500} />
          <Button type="primary" loading={saving} onClick={save}>
            提交评分
          </Button>
        </Space>
      </div>
    </List.Item>
  );
}

/** /admin/exam-grading: short answers waiting for a grade, without the candidate's name (blind grading). */
export default function AdminGradingPage() {
  const queue = useQuery({ queryKey: examKeys.grading, queryFn: examsApi.gradingQueue });
  return (
    <Card title="阅卷（匿名）" className="exam-card">
      {queue.data && queue.data.length === 0 ? (
        <Empty description="暂无待阅的简答题" />
      ) : (
        <List loading={queue.isPending} dataSource={queue.data ?? []} renderItem={(item) => <GradeItem key={`${item.attempt_id}-${item.question_id}`} item={item} />} />
      )}
    </Card>
  );
}
