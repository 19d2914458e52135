import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import { mockApi, ok } from '@/testing/mock-api';
import { makePersonalInfo } from '../testing/talent-fixtures';
import PublicPortraitPage from './public-portrait-page';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../components/talent-radar', () => ({ TalentRadar: () => <div data-testid="radar" /> }));

const masked = makePersonalInfo();
masked.user_info = { ...masked.user_info, phone: '138****8000', id_number: '4101**********1234' };

describe('public talent portrait', () => {
  it('shows the masked portrait when the person made it public', async () => {
    const { calls } = mockApi({
      'GET /api/user_infos/show_personal_info': ok({ show_personal_info: true }),
      'GET /api/user_infos/public_portrait': ok({ personal_info: masked }),
    });
    renderScreen(
      '/jobDetail/talentPortrayal',
      <PublicPortraitPage />,
      '/jobDetail/talentPortrayal?user_id=1001',
    );
    expect(await screen.findByText('138****8000')).toBeInTheDocument();
    expect(screen.getByText('4101**********1234')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编辑|添加|删除/ })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user_infos/show_personal_info',
      '/api/user_infos/public_portrait',
    ]);
  });

  it('says the portrait is not public, without asking for it', async () => {
    const { calls } = mockApi({
      'GET /api/user_infos/show_personal_info': ok({ show_personal_info: false }),
    });
    renderScreen(
      '/jobDetail/talentPortrayal',
      <PublicPortraitPage />,
      '/jobDetail/talentPortrayal?user_id=1001',
    );
    expect(await screen.findByText('该用户未公开人才画像')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user_infos/public_portrait')).toBe(false);
  });
});
