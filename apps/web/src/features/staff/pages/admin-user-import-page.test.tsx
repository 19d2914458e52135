import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userImportMessages as m } from '@app/contracts';
import { makeUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminUserImportPage from './admin-user-import-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'admin', user: makeUser({ staff_roles: ['admin'] }) };
const xlsx = () => new File(['x'], '员工名单.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const choose = (file: File) =>
  fireEvent.change(document.querySelector('.user-import input[type=file]')!, { target: { files: [file] } });

describe('/admin/user-import', () => {
  it('lists the dry run’s bad cells by row and column and offers no import until the file is clean', async () => {
    const dryRuns: string[] = [];
    let clean = false;
    const { calls } = mockApi({
      'POST /api/admin/users/import': (config) => {
        dryRuns.push(String(config.url));
        if (String(config.url).endsWith('dry_run=false'))
          return { code: 200, message: m.imported(2), data: { dry_run: false, total: 2, valid: 2, bad_rows: 0, errors: [], imported: 2 } };
        return clean
          ? { code: 200, message: m.clean(2), data: { dry_run: true, total: 2, valid: 2, bad_rows: 0, errors: [], imported: 0 } }
          : {
              code: 200,
              message: m.badRows(1),
              data: {
                dry_run: true,
                total: 2,
                valid: 1,
                bad_rows: 1,
                errors: [{ row: 3, column: '手机号', message: '手机号格式不正确' }],
                imported: 0,
              },
            };
      },
    });
    renderScreen('/admin/user-import', <AdminUserImportPage />, '/admin/user-import', { session });
    await screen.findByRole('button', { name: '选择Excel文件并检查' });
    choose(xlsx());
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /第3行\s*手机号\s*手机号格式不正确/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认导入' })).toBeNull();

    clean = true;
    choose(xlsx());
    fireEvent.click(await screen.findByRole('button', { name: '确认导入' }));
    expect(await screen.findByText(m.imported(2))).toBeInTheDocument();
    expect(dryRuns.map((u) => u.split('?')[1])).toEqual(['dry_run=true', 'dry_run=true', 'dry_run=false']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });
});
