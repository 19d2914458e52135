import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import type { TalentAttachment } from '@app/contracts';
import {
  TALENT_ATTACHMENT_ACCEPT,
  TALENT_ATTACHMENT_MAX_BYTES,
  talentMessages as m,
} from '@app/contracts/talent/talent.rules';
import { isApiError } from '@/shared/lib/api-client';
import { talentApi } from '../api/talent-api';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const ACCEPTED_EXT = /\.(jpe?g|png|pdf)$/i;

/** Checks type and size before sending; the server checks the content again. The Chinese reason, or null. */
export function attachmentFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXT.test(file.name)) return m.attachmentBadType;
  if (file.size > TALENT_ATTACHMENT_MAX_BYTES) return m.attachmentTooLarge;
  return null;
}

/** Opens an attachment (served with the token header only) in a new tab. */
export async function openAttachment(attachment: TalentAttachment): Promise<void> {
  const blob = await talentApi.attachmentBlob(attachment);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface AttachmentFieldProps {
  /** Attachment id (form value). */
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The attachment already stored with the record, to show its name. */
  initial?: TalentAttachment | null;
  /** Accessible name of the upload button. */
  buttonText?: string;
}

/** Upload of one scan (JPG, PNG or PDF, at most 5 MB) through antd Upload, with progress; the form keeps its id. */
export function AttachmentField({
  value,
  onChange,
  initial,
  buttonText = '上传扫描件',
}: AttachmentFieldProps) {
  const { message } = App.useApp();
  const [current, setCurrent] = useState<TalentAttachment | null>(
    initial && initial.id === value ? initial : null,
  );
  const [percent, setPercent] = useState<number | null>(null);
  const shown = value ? current : null;

  const customRequest: UploadProps['customRequest'] = async ({ file, onProgress, onSuccess, onError }) => {
    setPercent(0);
    try {
      const data = await talentApi.uploadAttachment(file as Blob, (p) => {
        setPercent(p);
        onProgress?.({ percent: p });
      });
      setCurrent(data);
      onChange?.(data.id);
      onSuccess?.(data);
      message.success(m.attachmentUploaded);
    } catch (err) {
      onError?.(err as Error);
      message.error(isApiError(err) && err.message ? err.message : '上传失败');
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="attachment-field">
      {shown && (
        <div className="attachment-field__file">
          <PaperClipOutlined />
          <Button type="link" size="small" onClick={() => void openAttachment(shown)}>
            {shown.file_name}
          </Button>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label="移除扫描件"
            onClick={() => {
              setCurrent(null);
              onChange?.(null);
            }}
          />
        </div>
      )}
      <Upload
        accept={TALENT_ATTACHMENT_ACCEPT}
        showUploadList={false}
        maxCount={1}
        customRequest={customRequest}
        beforeUpload={(file) => {
          const problem = attachmentFileProblem(file);
          if (problem) {
            message.error(problem);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
      >
        <Button icon={<UploadOutlined />} loading={percent !== null}>
          {shown ? '重新上传' : buttonText}
        </Button>
      </Upload>
      {percent !== null ? (
        <Progress percent={percent} size="small" aria-label="上传进度" />
      ) : (
        <div className="attachment-field__hint">支持JPG、PNG图片或PDF文件，不超过5MB</div>
      )}
    </div>
  );
}
