import type { ThemeConfig } from 'antd';

export const BRAND_BLUE = '#1f5fbf';

/** Finance blue, calm neutrals, slightly rounded controls. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    colorLink: BRAND_BLUE,
    colorSuccess: '#2e9d5b',
    colorWarning: '#e8951c',
    colorError: '#d4380d',
    borderRadius: 6,
    colorBgLayout: '#f4f6fa',
    // Secondary text (breadcrumbs, empty states, descriptions) at WCAG AA contrast (4.5:1) on white and on the layout grey.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Menu: { itemSelectedBg: '#eaf1fc', itemBorderRadius: 6 },
    Tabs: { itemSelectedColor: BRAND_BLUE },
  },
};
