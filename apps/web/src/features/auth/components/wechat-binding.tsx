import { WechatOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Divider, Popconfirm } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { wechatMessages, wechatOutcomeText } from '@app/contracts/wechat/wechat.rules';
import { goToWechat, useUnbindWechat, useWechatBinding } from '../api/wechat-api';
import { notifier } from '@/shared/lib/notifier';
import { useIsWechatBrowser, useWechatConfig } from '@/shared/lib/wechat-config';

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : '接口异常');

/** Where WeChat returns after binding: this tab of the settings page. */
export const BIND_RETURN_PATH = '/center/setting?tab=account';

/**
 * 微信绑定 in 账号设置: the bound WeChat (nickname, avatar) with 解除绑定, or 绑定微信. Shown only when the site has
 * WeChat switched on. WeChat's authorise page opens only inside WeChat, so elsewhere the member is told to open this
 * page there (the development stand-in works in any browser). The callback's outcome (?wechat= / ?wechat_error=) is
 * shown above the block until closed (closing removes it from the address).
 */
export function WechatBinding() {
  const binding = useWechatBinding();
  const config = useWechatConfig();
  const unbind = useUnbindWechat();
  const [params, setParams] = useSearchParams();
  const inWechat = useIsWechatBrowser();
  const [leaving, setLeaving] = useState(false);

  const failed = params.get('wechat_error');
  const outcomeText = wechatOutcomeText(failed ?? params.get('wechat'));
  function closeOutcome() {
    const next = new URLSearchParams(params);
    next.delete('wechat');
    next.delete('wechat_error');
    setParams(next, { replace: true });
  }

  const data = binding.data;
  if (!data?.enabled) return null;
  const canAuthorise = inWechat || config.data?.sandbox === true;

  async function bind() {
    setLeaving(true);
    try {
      await goToWechat('bind', BIND_RETURN_PATH);
    } catch (err) {
      setLeaving(false);
      notifier.error(messageOf(err));
    }
  }

  async function confirmUnbind() {
    try {
      await unbind.mutateAsync();
      notifier.success(wechatMessages.unbound);
    } catch (err) {
      notifier.error(messageOf(err));
    }
  }

  return (
    <section className="wechat-binding" aria-labelledby="wechat-binding-title">
      <Divider titlePlacement="start">
        <span id="wechat-binding-title">微信绑定</span>
      </Divider>
      {outcomeText && (
        <Alert
          className="wechat-binding__outcome"
          type={failed ? 'error' : 'success'}
          showIcon
          closable={{ 'aria-label': '关闭提示' }}
          title={outcomeText}
          onClose={closeOutcome}
        />
      )}
      {data.bound ? (
        <div className="wechat-binding__row">
          <Avatar src={data.avatar_url ?? undefined} icon={<WechatOutlined aria-hidden="true" />} alt="" />
          <span className="wechat-binding__text">
            已绑定微信{data.nickname ? `「${data.nickname}」` : ''}，在微信中打开本站可一键登录
          </span>
          <Popconfirm
            title="解除微信绑定"
            description="解除后不能再用这个微信一键登录，确定解除吗？"
            okText="确定解除"
            cancelText="取消"
            okButtonProps={{ danger: true, loading: unbind.isPending }}
            onConfirm={confirmUnbind}
          >
            <Button danger>解除绑定</Button>
          </Popconfirm>
        </div>
      ) : (
        <div className="wechat-binding__row">
          <span className="wechat-binding__text">绑定后，在微信中打开本站即可一键登录，无需输入密码。</span>
          {canAuthorise ? (
            <Button type="primary" icon={<WechatOutlined aria-hidden="true" />} loading={leaving} onClick={() => void bind()}>
              绑定微信
            </Button>
          ) : (
            <Alert type="info" showIcon title="请在微信中打开本站的「账号设置」页面，再点「绑定微信」" />
          )}
        </div>
      )}
    </section>
  );
}
