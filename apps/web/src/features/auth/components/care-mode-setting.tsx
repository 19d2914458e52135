import { Switch } from 'antd';
import { useId } from 'react';
import { useCareModeSwitch } from '../api/use-care-mode-switch';

/** 账号设置's 关怀模式 switch: the same setting as the header's button, saved to the account. */
export function CareModeSetting() {
  const { enabled, setEnabled, saving } = useCareModeSwitch();
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="care-mode-setting">
      <div className="care-mode-setting__text">
        <span id={labelId} className="care-mode-setting__label">
          关怀模式
        </span>
        <span id={hintId} className="care-mode-setting__hint">
          字号更大、对比度更高、按钮更大，首页只显示主要服务。开启后在其他设备登录本账号也会生效。
        </span>
      </div>
      <Switch
        checked={enabled}
        loading={saving}
        onChange={setEnabled}
        checkedChildren="开"
        unCheckedChildren="关"
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  );
}
