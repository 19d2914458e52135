import { Button, Space, Upload } from 'antd';
import type { CSSProperties } from 'react';

interface Props {
  /** The stored image's URL (the form's value). */
  value?: string;
  onChange?: (url: string) => void;
  /** Sends the chosen file through the server's image checks and resolves with its stored URL. */
  upload: (file: Blob) => Promise<{ url: string }>;
  onError: (err: unknown) => void;
  alt: string;
  width: number;
  height: number;
  imgStyle?: CSSProperties;
  uploadLabel: string;
  replaceLabel: string;
}

/**
 * A Form control for an uploaded image (course cover, teacher photo): the stored image and a button that uploads a new
 * one. It must be Form.Item's direct child: Form.Item hands its child an onChange, and on a wrapper element that
 * onChange caught the file input's bubbling change event and stored the browser's `C:\fakepath\…` as the image URL.
 * The preview only ever shows the URL the server answered.
 */
export function ImageUploadField({ value, onChange, upload, onError, alt, width, height, imgStyle, uploadLabel, replaceLabel }: Props) {
  return (
    <Space align="start">
      {value ? <img src={value} alt={alt} width={width} height={height} style={{ objectFit: 'cover', ...imgStyle }} /> : null}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError: failed }) => {
          upload(file as Blob).then(
            (r) => {
              onChange?.(r.url);
              onSuccess?.(r);
            },
            (err: unknown) => {
              onError(err);
              failed?.(err as Error);
            },
          );
        }}
      >
        <Button>{value ? replaceLabel : uploadLabel}</Button>
      </Upload>
    </Space>
  );
}
