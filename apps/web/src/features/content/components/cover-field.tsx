import { App, Button, Progress, Space } from 'antd';
import { useRef, useState } from 'react';
import { isApiError } from '@/shared/lib/api-client';
import { articlesApi } from '../api/articles-api';

/** The article's cover: an image uploaded through the server's image checks, with progress; a Form control. */
export function CoverField({ value, onChange }: { value?: string | null; onChange?: (url: string | null) => void }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File) => {
    setProgress(0);
    try {
      const res = await articlesApi.uploadImage(file, setProgress);
      onChange?.(res.data.url);
    } catch (err) {
      message.error(isApiError(err) ? err.message : '图片上传失败');
    } finally {
      setProgress(null);
    }
  };
  // The file input sits outside the Space: hidden, it would still take a Space item and its gap.
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="选择封面图片"
        accept="image/png,image/jpeg,image/gif,image/webp"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Space align="center" wrap>
        {value && <img src={value} alt="封面" width={160} height={100} style={{ objectFit: 'cover', borderRadius: 4 }} />}
        <Button onClick={() => input.current?.click()}>{value ? '更换封面' : '上传封面'}</Button>
        {value && (
          <Button type="link" onClick={() => onChange?.(null)}>
            移除
          </Button>
        )}
        {progress !== null && <Progress type="circle" size={36} percent={progress} aria-label="封面上传进度" />}
      </Space>
    </>
  );
}
