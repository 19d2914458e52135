import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/', '/help-center', '/center/note', '/admin'), 120_000);

beforeEach(() => {
  mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'GET /api/quiz/expert/me': ok({ expert: null, categories: [] }),
  });
});

/** Presses Tab once from the top of a freshly drawn page and returns what has focus. */
async function firstTab() {
  (document.activeElement as HTMLElement | null)?.blur();
  await userEvent.tab();
  return document.activeElement;
}

describe('skip link 跳到主要内容', () => {
  it('is the first thing Tab reaches on a public page, and Enter moves focus to <main>', async () => {
    renderRoute('/help-center');
    await screen.findByRole('heading', { name: '帮助中心' }, SLOW);
    const link = screen.getByRole('link', { name: '跳到主要内容' });
    expect(await firstTab()).toBe(link);
    await userEvent.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toHaveAttribute('tabindex', '-1');
    // The next Tab continues inside the page, not in the header.
    await userEvent.tab();
    expect(main.contains(document.activeElement)).toBe(true);
  });

  it("in the personal centre, lands on the screen itself, past the banner and the centre's menu", async () => {
    renderRoute('/center/note', { session: { token: 't', user: makeUser({ role: 'personal' }) } });
    await screen.findByRole('navigation', { name: '个人中心菜单' }, SLOW);
    const link = screen.getByRole('link', { name: '跳到主要内容' });
    expect(await firstTab()).toBe(link);
    await userEvent.keyboard('{Enter}');
    const focused = document.activeElement as HTMLElement;
    expect(focused).toHaveClass('centre__content');
    expect(screen.getByRole('main').contains(focused)).toBe(true);
    expect(screen.getByRole('navigation', { name: '个人中心菜单' }).compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("in the console, lands on the screen past the console's menu", async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/quiz/expert/me': ok({ expert: null, categories: [] }),
      'GET /api/admin/staff': ok([]),
    });
    renderRoute('/admin/staff', { session: { token: 't', user: makeUser({ staff_roles: ['admin'] }) } });
    await screen.findByRole('navigation', { name: '管理后台菜单' }, SLOW);
    const link = screen.getByRole('link', { name: '跳到主要内容' });
    expect(await firstTab()).toBe(link);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveClass('admin__content'));
  });

  it('is a fragment link to <main> on home too, so it works before the client has taken over', async () => {
    renderRoute('/');
    const link = await screen.findByRole('link', { name: '跳到主要内容' }, SLOW);
    expect(link).toHaveAttribute('href', '#main-content');
    // Moved off screen by CSS, never display:none: it stays in the tab order.
    expect(link).toBeVisible();
  });
});
