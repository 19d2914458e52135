import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { useServerRender } from '@/shared/lib/server-render';
import '@/shared/lib/dayjs-locale';
import { ERROR_NOTICE_TOP_PX } from '@app/contracts/common/constants';
import { AntdPresent } from '@/shared/lib/antd-island';
import { bindNotifier } from '@/shared/lib/notifier';
import { useCareMode } from '@/shared/lib/care-mode';
import { appTheme, careTheme } from './theme';

/** Hands antd's context-aware message/modal/notification to the notifier used by non-React code. */
function NotifierBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => bindNotifier({ message, modal, notification }), [message, modal, notification]);
  return null;
}

/**
 * antd's ConfigProvider (zh_CN, theme) and <App> for App.useApp(). Error notices sit 120 px from the top
 * (SPEC §9 error notice offset). Imported from 'antd' like the pages so tests and build share one antd context.
 * Loaded lazily (see antd-loader.ts): around the routed screen when the route needs antd (ShellLayout), and
 * childless as the notice host when a notice is raised on a screen without antd (AppProviders).
 */
export default function AntdScope({ children }: { children?: ReactNode }) {
  // Server-rendered fields stay disabled until the client takes over (see server-render.ts).
  const serverRender = useServerRender();
  // 关怀模式: larger text and controls, darker secondary text (see theme.ts).
  const care = useCareMode();
  return (
    <ConfigProvider locale={zhCN} theme={care ? careTheme : appTheme} componentDisabled={serverRender || undefined}>
      <AntApp message={{ top: ERROR_NOTICE_TOP_PX, maxCount: 3 }}>
        <NotifierBridge />
        <AntdPresent.Provider value={true}>{children}</AntdPresent.Provider>
      </AntApp>
    </ConfigProvider>
  );
}
