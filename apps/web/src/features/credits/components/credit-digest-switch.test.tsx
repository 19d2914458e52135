import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { CreditDigestSwitch } from './credit-digest-switch';

describe('每周学习周报短信提醒', () => {
  it('shows the choice and where the SMS goes, and saves a change', async () => {
    const { calls } = mockApi({
      'GET /api/credits/digest_settings': ok({ sms: false, phone: '138****8000' }),
      'PUT /api/credits/digest_settings': ok({ sms: true, phone: '138****8000' }, '已开启每周学习周报短信提醒'),
    });
    renderScreen('/center/credit-archive', <CreditDigestSwitch />, '/center/credit-archive', {
      session: { token: 't', user: makeUser({ role: 'personal' }) },
    });
    const toggle = await screen.findByRole('switch', { name: '每周学习周报短信提醒' });
    await screen.findByText(/至 138\*\*\*\*8000/);
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(await screen.findByText('已开启每周学习周报短信提醒')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sms: true });
  });
});
