import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { StandardNotice } from './standard-notice';

const CHANGE = {
  id: 3,
  kind: 'standard',
  name: '企业会计准则第14号——收入',
  changed_on: '2026-11-20',
  note: '保证类质量保证费用计入营业成本',
};

describe('准则修订提示', () => {
  it('tells the visitor of a course page which standard changed, when, and what changed', async () => {
    const { calls } = mockApi({ 'GET /api/standards/notices': ok({ items: [CHANGE] }) });
    renderScreen('/train/detail/:id', <StandardNotice courseId={12} />, '/train/detail/12');
    const heading = await screen.findByRole('heading', { name: '本课程依据的准则已修订（2026-11-20）' });
    expect(screen.getByRole('region', { name: '准则与政策修订提示' })).toContainElement(heading);
    expect(
      screen.getByText('《企业会计准则第14号——收入》：保证类质量保证费用计入营业成本。课程内容更新前，请以最新准则为准。'),
    ).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/standards/notices');
  });

  it('says 本考试 and 政策 on an exam notice, asking by the exam type', async () => {
    let asked = '';
    mockApi({
      'GET /api/standards/notices': (config) => {
        asked = JSON.stringify(config.params);
        return ok({ items: [{ ...CHANGE, kind: 'policy', name: '个人所得税综合所得年度汇算政策' }] });
      },
    });
    renderScreen('/examNotice/:typeName', <StandardNotice examType="management-accountant-junior" />, '/examNotice/management-accountant-junior');
    expect(await screen.findByRole('heading', { name: '本考试依据的政策已修订（2026-11-20）' })).toBeInTheDocument();
    expect(asked).toBe('{"exam_type":"management-accountant-junior"}');
  });

  it('draws nothing, and takes no space, without a change or when the call fails', async () => {
    const { calls } = mockApi({ 'GET /api/standards/notices': ok({ items: [] }) });
    const { container } = renderScreen('/train/detail/:id', <StandardNotice courseId={12} />, '/train/detail/12');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('.standard-notice')).toBeNull();

    mockApi({ 'GET /api/standards/notices': { code: 500, message: '接口异常', data: null } });
    const failed = renderScreen('/train/detail/:id', <StandardNotice courseId={13} />, '/train/detail/13');
    await new Promise((r) => setTimeout(r, 50));
    expect(failed.container.querySelector('.standard-notice')).toBeNull();
    expect(screen.queryByText('接口异常')).toBeNull();
  });
});
