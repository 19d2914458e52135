import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import CreditArchivePage from './credit-archive-page';

vi.setConfig({ testTimeout: 60_000 });

describe('credit archive', () => {
  it('shows each year with its learning time in Chinese units, courses, certificates and stars, and prints', async () => {
    mockApi({
      'GET /api/credit_archive': ok({
        user: { id: 1001, real_name: '张三', nickname: null, phone: '13800138000', star_id: 3 },
        years: [
          {
            year: 2026,
            learn_seconds: 3675,
            finished_courses: 2,
            credentials: [{ id: 1, name: '中级会计师', issuer: '财政部', issued_on: '2026-05-01' }],
            stars: [{ star_id: 3, star_name: '三星', granted_at: '2026-10-01T00:00:00.000Z' }],
            certificates: [
              {
                number: 'ZC202601360127',
                exam_name: '管理会计师（初级）',
                issued_at: '2026-08-28T02:00:00.000Z',
                valid_until: '2029-08-28T02:00:00.000Z',
                state: 'valid',
              },
            ],
          },
          { year: 2025, learn_seconds: 75, finished_courses: 0, credentials: [], stars: [], certificates: [] },
        ],
        total_learn_seconds: 3750,
        total_finished_courses: 2,
      }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderScreen('/center/credit-archive', <CreditArchivePage />, '/center/credit-archive', {
      session: { token: 't', user: makeUser() },
    });
    const year = await screen.findByRole('region', { name: '2026年度' });
    expect(within(year).getByText(formatLearnDuration(3675))).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '2025年度' })).getByText('1分15秒')).toBeInTheDocument();
    expect(screen.getByText('中级会计师')).toBeInTheDocument();
    expect(screen.getByText('管理会计师（初级）证书')).toBeInTheDocument();
    expect(screen.getByText('ZC202601360127')).toBeInTheDocument();
    expect(screen.getByText('2026-10-01 获评三星')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /打印/ }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
