import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usersRoutes } from '@app/contracts/users/users.routes';
import { careMode } from '@/shared/lib/care-mode';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { createTestQueryClient, resetSession } from '@/testing/render';
import { CARE_MODE_PATH, useCareModeSwitch } from './use-care-mode-switch';

function renderSwitch() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useCareModeSwitch(), { wrapper });
}

afterEach(() => {
  careMode.set(false);
  resetSession();
});

describe('the 关怀模式 switch', () => {
  it('saves to the path of the contract descriptor', () => {
    expect(CARE_MODE_PATH).toBe(usersRoutes.careMode.path);
  });

  it('for a visitor, turns care mode on in this browser only', async () => {
    const { calls } = mockApi({});
    const { result } = renderSwitch();
    expect(result.current.enabled).toBe(false);
    act(() => result.current.setEnabled(true));
    expect(result.current.enabled).toBe(true);
    expect(localStorage.getItem('care_mode')).toBe('1');
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  it('signed in, saves the choice to the account and to the session user', async () => {
    resetSession({ token: 't1', user: makeUser({ care_mode: false }) });
    const { calls } = mockApi({ 'PUT /api/users/care_mode': ok({ care_mode: true }, '已开启关怀模式') });
    const { result } = renderSwitch();
    act(() => result.current.setEnabled(true));
    expect(result.current.enabled).toBe(true);
    expect(useSessionStore.getState().user?.care_mode).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/users/care_mode', token: 't1', body: { enabled: true } });
  });

  it('puts the previous value back when the account cannot be saved', async () => {
    resetSession({ token: 't1', user: makeUser({ care_mode: false }) });
    mockApi({ 'PUT /api/users/care_mode': { code: 500, message: '服务器开小差了', data: null } });
    const { result } = renderSwitch();
    act(() => result.current.setEnabled(true));
    await waitFor(() => expect(result.current.enabled).toBe(false));
    expect(useSessionStore.getState().user?.care_mode).toBe(false);
    expect(localStorage.getItem('care_mode')).toBe('0');
  });
});
