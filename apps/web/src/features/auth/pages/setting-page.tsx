import { Alert, Button, Card, Divider, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useProfile } from '../api/use-profile';
import { CareModeSetting } from '../components/care-mode-setting';
import { ChangePasswordForm } from '../components/change-password-form';
import { ChangePhoneForm } from '../components/change-phone-form';
import { ProfileForm } from '../components/profile-form';
import { WechatBinding } from '../components/wechat-binding';
import './setting-page.css';

type SettingTab = 'profile' | 'account';

/** /center/setting: 个人信息 (?tab=profile, default) and 账号设置 (?tab=account). Prefilled from GET /api/users/profile. */
export default function SettingPage() {
  const [params, setParams] = useSearchParams();
  const tab: SettingTab = params.get('tab') === 'account' ? 'account' : 'profile';
  const profile = useProfile();

  function selectTab(next: string) {
    const nextParams = new URLSearchParams(params);
    if (next === 'profile') nextParams.delete('tab');
    else nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  }

  let body;
  if (profile.isPending) body = <Skeleton active avatar paragraph={{ rows: 6 }} />;
  else if (profile.isError || !profile.data)
    body = (
      <Alert
        type="error"
        showIcon
        title="个人资料加载失败"
        action={
          <Button size="small" onClick={() => void profile.refetch()}>
            重试
          </Button>
        }
      />
    );
  else {
    const data = profile.data;
    body = (
      <Tabs
        activeKey={tab}
        onChange={selectTab}
        items={[
          { key: 'profile', label: '个人信息', children: <ProfileForm profile={data} /> },
          {
            key: 'account',
            label: '账号设置',
            children: (
              <div className="setting-form">
                <Divider titlePlacement="start">显示</Divider>
                <CareModeSetting />
                <Divider titlePlacement="start">修改密码</Divider>
                <ChangePasswordForm />
                <Divider titlePlacement="start">更换手机号</Divider>
                <ChangePhoneForm currentPhone={data.phone} />
                <WechatBinding />
              </div>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card className="setting-page" variant="borderless">
      {body}
    </Card>
  );
}
