import { App, Alert, Button, Progress, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { VIDEO_JOB_STATUS_LABELS, courseAdminMessages as m, type AdminLesson } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { courseAdminApi } from '../api/course-admin-api';
import { uploadInChunks } from '../lib/chunked-upload';

/** A lesson's video in the course editor: its state and transcoding, and a resumable chunked upload. */
export function VideoCell({ lesson, onUploaded }: { lesson: AdminLesson; onUploaded: () => void }) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const job = lesson.video_job;

  async function upload(file: File) {
    setError(null);
    setPercent(0);
    try {
      await uploadInChunks(
        { start: courseAdminApi.startUpload, state: courseAdminApi.uploadState, put: courseAdminApi.putChunk },
        lesson.id,
        file,
        setPercent,
      );
      message.success(m.uploadDone);
      onUploaded();
    } catch (err) {
      setError(isApiError(err) ? err.message : '上传失败，请检查网络后重新选择该文件继续上传');
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Space wrap>
        {lesson.video_ready ? <Tag color="green">视频已就绪</Tag> : <Tag>暂无视频</Tag>}
        {job && job.status !== 'done' ? (
          <Tag color={job.status === 'failed' ? 'red' : 'processing'}>
            {VIDEO_JOB_STATUS_LABELS[job.status]}
            {job.status === 'running' ? ` ${job.progress}%` : ''}
          </Tag>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="video/*,.mp4,.mov,.mkv,.avi,.flv,.ts,.wmv"
          aria-label={`上传「${lesson.title}」的视频`}
          style={{ display: 'none' }}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void upload(f);
          }}
        />
        <Button size="small" disabled={percent !== null} onClick={() => input.current?.click()}>
          {lesson.video_ready ? '更换视频' : '上传视频'}
        </Button>
      </Space>
      {percent !== null ? <Progress percent={percent} size="small" aria-label="上传进度" /> : null}
      {job?.status === 'running' ? <Progress percent={job.progress} size="small" status="active" aria-label="转码进度" /> : null}
      {job?.status === 'failed' ? <Alert type="error" showIcon message={`转码失败：${job.error ?? ''}`} description={lesson.video_ready ? '学员仍观看原视频。' : undefined} /> : null}
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Space>
  );
}
