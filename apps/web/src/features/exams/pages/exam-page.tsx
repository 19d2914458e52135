import { App, Alert, Button, Card, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi } from '../api/exams-api';
import { Paper } from '../components/exam-paper';
import { ResultView } from '../components/exam-result';
import './exams.css';

/** /exam/:attemptId: the paper (navigator, server-time countdown, autosave, leave counter) or its result. */
export default function ExamPage() {
  const { attemptId } = useParams();
  const id = Number(attemptId) || 0;
  const { message } = App.useApp();
  const attempt = useQuery({
    queryKey: examKeys.attempt(id),
    queryFn: () => examsApi.attempt(id),
    retry: false,
    refetchOnWindowFocus: false,
    enabled: id > 0,
  });
  const refetch = useCallback(() => void attempt.refetch(), [attempt]);
  const [taking, setTaking] = useState(false);
  // Whether this visit showed the paper: its result then replaces it (ResultView takes focus).
  const [sawPaper, setSawPaper] = useState(false);

  if (attempt.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (attempt.isError) {
    const err = attempt.error;
    if (isApiError(err) && err.code === 409 && (err.data as { takeover?: boolean } | null)?.takeover)
      return (
        <Card className="page-container exam-card">
          <Result
            status="warning"
            title="本场考试已在其他设备开始"
            subTitle={err.message}
            extra={
              <Button
                type="primary"
                loading={taking}
                onClick={async () => {
                  setTaking(true);
                  try {
                    await examsApi.takeover(id);
                    refetch();
                  } catch {
                    message.error('接管失败，请稍后重试');
                  } finally {
                    setTaking(false);
                  }
                }}
              >
                在本设备继续作答
              </Button>
            }
          />
        </Card>
      );
    return (
      <Card className="page-container exam-card">
        <Alert type="error" showIcon message={isApiError(err) ? err.message : '答卷加载失败'} />
      </Card>
    );
  }
  const a = attempt.data;
  if (a.state !== 'in_progress') return <ResultView a={a} justSubmitted={sawPaper} />;
  if (!sawPaper) setSawPaper(true);
  return <Paper key={a.id} attempt={a} refetch={refetch} />;
}
