import { App, Switch, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CREDIT_DIGEST_SMS_LABEL } from '@app/contracts/credits/credits-digest.rules';
import { isApiError } from '@/shared/lib/api-client';
import { creditDigestApi, creditDigestKeys } from '../api/credit-digest-api';
import './credit-digest-switch.css';

/**
 * 每周学习周报短信提醒: whether the weekly learning digest also comes by SMS (it always reaches the message centre).
 * Personal accounts only, as the credit panel it sits in.
 */
export function CreditDigestSwitch() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const hint = useId();
  const q = useQuery({ queryKey: creditDigestKeys.settings, queryFn: creditDigestApi.settings });
  const [saving, setSaving] = useState(false);

  const change = async (sms: boolean) => {
    setSaving(true);
    try {
      const res = await creditDigestApi.save(sms);
      queryClient.setQueryData(creditDigestKeys.settings, res.data);
      message.success(res.message);
    } catch (err) {
      message.error(isApiError(err) ? err.message : '保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="credit-digest-switch">
      <label className="credit-digest-switch__label">
        <Switch
          checked={q.data?.sms ?? false}
          loading={q.isPending || saving}
          disabled={q.isError}
          onChange={(on) => void change(on)}
          aria-describedby={hint}
        />
        <span>{CREDIT_DIGEST_SMS_LABEL}</span>
      </label>
      <Typography.Text type="secondary" id={hint} className="credit-digest-switch__hint">
        每周一发送上周学习情况与本年度学分差额{q.data?.phone ? `至 ${q.data.phone}` : ''}；站内消息始终发送。
      </Typography.Text>
    </div>
  );
}
