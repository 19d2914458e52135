import { App, Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { SUBTITLE_FILE_EXTENSIONS, SUBTITLE_MAX_BYTES, courseAdminMessages as m, type AdminLesson } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { courseAdminApi } from '../api/course-admin-api';

/**
 * A lesson's 字幕 in the course editor: the file name and cue count, upload (or replace) a WebVTT or SRT file, delete.
 * The server's refusal names the line of the file (字幕文件第 12 行：时间格式不正确) and stays shown until the next try.
 */
export function SubtitleCell({ lesson, onChanged }: { lesson: AdminLesson; onChanged: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const current = lesson.subtitles[0];

  async function upload(file: File) {
    setError(null);
    const name = file.name.toLowerCase();
    if (!SUBTITLE_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return setError(m.subtitleBadType);
    if (file.size > SUBTITLE_MAX_BYTES) return setError(m.subtitleTooLarge);
    setBusy(true);
    try {
      await courseAdminApi.uploadSubtitle(lesson.id, file, file.name);
      message.success(m.subtitleSaved);
      onChanged();
    } catch (err) {
      setError(isApiError(err) ? err.message : '上传失败，请检查网络后重试');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    try {
      await courseAdminApi.deleteSubtitle(lesson.id);
      message.success(m.subtitleDeleted);
      onChanged();
    } catch (err) {
      message.error(isApiError(err) ? err.message : '删除失败');
    }
  }

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      {current ? (
        <Typography.Text style={{ fontSize: 13 }}>
          <span style={{ overflowWrap: 'anywhere' }}>{current.source_name ?? `${current.label}字幕`}</span>
          <Typography.Text type="secondary"> · {current.cue_count} 条</Typography.Text>
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          暂无字幕
        </Typography.Text>
      )}
      <Space size={4} wrap>
        <input
          ref={input}
          type="file"
          accept=".vtt,.srt,text/vtt"
          aria-label={`上传「${lesson.title}」的字幕`}
          style={{ display: 'none' }}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void upload(f);
          }}
        />
        <Button size="small" loading={busy} onClick={() => input.current?.click()}>
          {current ? '更换字幕' : '上传字幕'}
        </Button>
        {current ? (
          <Popconfirm title="删除后学员将看不到本课时的字幕和文稿，确定删除？" okText="删除" cancelText="取消" onConfirm={() => remove()}>
            <Button size="small" type="link" danger>
              删除字幕
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Space>
  );
}
