import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoredImg } from './stored-img';

const NAME = '0123456789abcdef0123456789abcdef';

describe('StoredImg', () => {
  it('offers the stored copies of an uploaded avatar with the width it takes', () => {
    render(<StoredImg src={`/uploads/avatars/${NAME}.webp`} sizes="72px" alt="头像" />);
    const img = screen.getByRole('img', { name: '头像' });
    expect(img.getAttribute('srcset')).toBe(
      `/uploads/avatars/${NAME}-160.webp 160w, /uploads/avatars/${NAME}.webp 480w`,
    );
    expect(img.getAttribute('sizes')).toBe('72px');
  });

  it('is a plain image for a picture that has no copies', () => {
    render(<StoredImg src="/images/demo/cover-1.jpg" sizes="320px" alt="封面" />);
    const img = screen.getByRole('img', { name: '封面' });
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});
