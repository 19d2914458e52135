import { App } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_MAX_LENGTH } from '@app/contracts';
import { CommentForm } from './comment-form';

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  render(
    <App>
      <CommentForm onSubmit={onSubmit} submitting={false} />
    </App>,
  );
  return onSubmit;
}

const box = () => screen.getByRole('textbox', { name: '评论内容' });

describe('comment form', () => {
  it('shows the length limit message above 500 characters and does not submit', async () => {
    const onSubmit = renderForm();
    fireEvent.change(box(), { target: { value: '税'.repeat(COMMENT_MAX_LENGTH + 1) } });
    expect(await screen.findByText('评论内容不能超过500个字')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts exactly 500 characters and sends the trimmed text', async () => {
    const onSubmit = renderForm();
    const text = '账'.repeat(COMMENT_MAX_LENGTH);
    fireEvent.change(box(), { target: { value: `  ${text}  ` } });
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(text));
    expect(screen.queryByText('评论内容不能超过500个字')).toBeNull();
  });

  it('asks for content when only spaces were typed', async () => {
    const onSubmit = renderForm();
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText('请输入评论内容')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
