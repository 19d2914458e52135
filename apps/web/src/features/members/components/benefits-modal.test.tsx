import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { resetSession } from '@/testing/render';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { BENEFITS_SEEN_KEY, shouldShowBenefits, useBenefitsModalTrigger } from '../lib/benefits-flag';
import BenefitsModal from './benefits-modal';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function Home() {
  useBenefitsModalTrigger();
  const visible = useSessionStore((s) => s.benefitsModalVisible);
  return (
    <div>
      <header>
        <button type="button">页头按钮</button>
      </header>
      <main className="site-main">
        首页<button type="button">页面按钮</button>
      </main>
      {visible && <BenefitsModal />}
    </div>
  );
}

function renderHome(user = makeUser()) {
  resetSession({ token: 't1', user });
  useSessionStore.setState({ benefitsModalVisible: false });
  const router = createMemoryRouter(
    [
      { path: '/', element: <Home /> },
      { path: '*', element: <div>其他页面</div> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => localStorage.clear());

describe('membership-benefits modal', () => {
  it('opens on home for a personal non-member with 7 + 5 benefits; 领取权益 clears the flag and goes to buy membership', async () => {
    const router = renderHome();
    const dialog = await screen.findByRole('dialog', { name: '会员专享权益' });
    const lists = within(dialog).getAllByRole('list');
    expect(lists.map((l) => within(l).getAllByRole('listitem').length)).toEqual([7, 5]);
    expect(within(dialog).getByText('每年免费直播课6次')).toBeInTheDocument();
    expect(within(dialog).getByText('个人人才码')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: '领取权益' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/payment?type=buyVip'));
    expect(useSessionStore.getState().benefitsModalVisible).toBe(false);
  });

  it('关闭 clears the flag, and the modal does not come back the same day', async () => {
    renderHome();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '关闭' }));
    expect(useSessionStore.getState().benefitsModalVisible).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(BENEFITS_SEEN_KEY)).toMatch(/^1001@\d{4}-\d{2}-\d{2}$/);
    expect(shouldShowBenefits(makeUser())).toBe(false);
    // Next day: again.
    expect(shouldShowBenefits(makeUser(), new Date(Date.now() + 86_400_000))).toBe(true);
  });

  it('takes focus when nothing has it, leaves the covered page out of the tab order, and closes with Escape', async () => {
    renderHome();
    const dialog = await screen.findByRole('dialog', { name: '会员专享权益' });
    expect(document.activeElement).toBe(dialog);
    const main = screen.getByRole('main');
    expect(main.inert).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main.inert).toBe(false);
    expect(useSessionStore.getState().benefitsModalVisible).toBe(false);
  });

  it('opened while the user is in the header, leaves focus there, and returns it there when closed from inside', async () => {
    // A member's home never raises it by itself: the flag is turned on here while the header's button has focus.
    renderHome(makeUser({ is_member: true }));
    const headerButton = screen.getByRole('button', { name: '页头按钮' });
    headerButton.focus();
    act(() => useSessionStore.getState().setBenefitsModal(true));
    const dialog = await screen.findByRole('dialog', { name: '会员专享权益' });
    expect(document.activeElement).toBe(headerButton);
    within(dialog).getByRole('button', { name: '关闭' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(headerButton);
  });

  it('stays closed for members, company accounts and visitors', () => {
    expect(shouldShowBenefits(makeUser({ is_member: true }))).toBe(false);
    expect(shouldShowBenefits(makeUser({ role: 'company' }))).toBe(false);
    expect(shouldShowBenefits(null)).toBe(false);
    renderHome(makeUser({ is_member: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useSessionStore.getState().benefitsModalVisible).toBe(false);
  });
});
