import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/aboutus'), 120_000);

describe('footer', () => {
  it('renders three help columns with the first 3 problems linking to the help centre', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    renderRoute('/aboutus');
    const footer = screen.getByRole('contentinfo');
    for (const column of ['用户指南', '学员指南', '测评指南']) {
      const section = within(footer).getByRole('region', { name: column });
      await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(3));
      const hrefs = within(section).getAllByRole('link').map((a) => a.getAttribute('href'));
      expect(hrefs).toEqual(
        [1, 2, 3].map((n) => `/help-center?${new URLSearchParams({ classifyName: column, name: `${column}问题${n}` }).toString()}`),
      );
    }
  });

  it('shows contacts, working hours, mailbox, the QR image and filing numbers from common_data', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    renderRoute('/aboutus');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('img', { name: '公众号二维码' })).toHaveAttribute('src', '/uploads/qr.png');
    expect(within(footer).getByText('010-12345678')).toBeInTheDocument();
    expect(within(footer).getByText(/工作时间：09:00-17:00/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'peixun@example.org' })).toHaveAttribute('href', 'mailto:peixun@example.org');
    expect(within(footer).getByRole('link', { name: '京ICP备12345678号' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  });

  it('keeps the working hours and the column titles when the API fails', async () => {
    mockApi({ 'GET /api/problems': { networkError: true }, 'GET /api/common_data': { networkError: true } });
    renderRoute('/aboutus');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/09:00-17:00/)).toBeInTheDocument();
    expect(within(footer).getByRole('region', { name: '学员指南' })).toBeInTheDocument();
    await waitFor(() => expect(within(footer).getAllByText('内容加载失败')).toHaveLength(3), SLOW);
  });
});
