import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploadField } from './image-upload-field';

function renderField(upload: (file: Blob) => Promise<{ url: string }>, onValues: (v: { cover?: string }) => void) {
  function Editor() {
    return (
      <Form initialValues={{ cover: '/media/old.webp' }} onValuesChange={(_, all) => onValues(all)}>
        <Form.Item name="cover" label="课程封面">
          <ImageUploadField upload={upload} onError={() => {}} alt="课程封面" width={192} height={108} uploadLabel="上传封面" replaceLabel="更换封面" />
        </Form.Item>
      </Form>
    );
  }
  return render(<Editor />);
}

describe('image upload field', () => {
  it('takes the URL the server answered, never the file input’s C:\\fakepath value', async () => {
    const upload = vi.fn(() => Promise.resolve({ url: '/uploads/covers/new.webp' }));
    const values: { cover?: string }[] = [];
    const { container } = renderField(upload, (v) => values.push(v));
    expect(screen.getByRole('img', { name: '课程封面' })).toHaveAttribute('src', '/media/old.webp');

    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(screen.getByRole('img', { name: '课程封面' })).toHaveAttribute('src', '/uploads/covers/new.webp'));
    expect(upload).toHaveBeenCalledWith(file);
    expect(values.map((v) => v.cover)).toEqual(['/uploads/covers/new.webp']);
  });
});
