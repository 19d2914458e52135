import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import UnderConstructionPage from './under-construction-page';

function renderAt(title: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>首页内容</p> },
      { path: '/somewhere', handle: { title }, element: <UnderConstructionPage /> },
    ],
    { initialEntries: ['/', '/somewhere'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('under-construction screen', () => {
  it('names the route being built and offers home and back', async () => {
    const router = renderAt('课程中心');
    expect(screen.getByRole('heading', { name: '功能建设中' })).toBeInTheDocument();
    expect(screen.getByText('课程中心', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
    screen.getByRole('button', { name: /返回上一页/ }).click();
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
