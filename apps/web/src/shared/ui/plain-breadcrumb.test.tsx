import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlainBreadcrumb } from './plain-breadcrumb';

describe('plain breadcrumb', () => {
  it('links the trail and marks the last item as the current page', () => {
    render(
      <MemoryRouter>
        <PlainBreadcrumb items={[{ label: '新闻资讯', to: '/newsInformation' }, { label: '政策法规' }]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(nav).getByRole('link', { name: '新闻资讯' })).toHaveAttribute('href', '/newsInformation');
    const items = within(nav).getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('aria-current', 'page');
    expect(items[1]).toHaveTextContent(/^政策法规$/);
    expect(within(nav).queryAllByRole('link')).toHaveLength(1);
  });
});
