import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminExportsPage from './admin-exports-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

describe('/admin/exports', () => {
  it('downloads last year’s learning hours by default as an Excel file', async () => {
    const asked: unknown[] = [];
    mockApi({
      'GET /api/admin/exports/learning_hours': (config) => {
        asked.push(config.params);
        return { code: 200, message: 'ok', data: null };
      },
    });
    const created = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const session = { token: 'finance', user: makeUser({ staff_roles: ['finance'] }) };
    renderScreen('/admin/exports', <AdminExportsPage />, '/admin/exports', { session });
    fireEvent.click(await screen.findByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(asked).toEqual([{ year: new Date().getFullYear() - 1 }]));
    await waitFor(() => expect(created).toHaveBeenCalled());
  });
});
