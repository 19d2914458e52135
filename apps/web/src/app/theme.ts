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
    // Placeholders of antd's selects, pickers and inputs (a select's placeholder is text axe measures): 4.9:1 on white,
    // still lighter than entered text (0.88).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // Tag text at WCAG AA contrast (4.5:1) on the tag's light background: antd draws a status tag's text in the status
    // colour and a preset tag's in shade 7 of its hue (green #389e0d on #f6ffed is 3.4:1); here darker shades of the
    // same hues. Solid tags keep white text on the strong colour.
    Tag: {
      colorSuccess: '#10522e',
      colorWarning: '#9c5403',
      colorError: '#ad2102',
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
    Menu: { itemSelectedBg: '#eaf1fc', itemBorderRadius: 6 },
    Tabs: { itemSelectedColor: BRAND_BLUE },
  },
};

/** Secondary text in 关怀模式: 12.6:1 on white (the guidelines ask for strong contrast; AAA is 7:1). */
export const CARE_MUTED_TEXT = '#333333';

/**
 * 关怀模式 (互联网应用适老化及无障碍改造): base text 18 px and nothing smaller, controls at least 44 px tall (tap targets),
 * near-black body text and dark secondary text. The page's own stylesheet follows under `html.care-mode`
 * (care-mode-css.ts, global.css).
 */
export const careTheme: ThemeConfig = {
  token: {
    ...appTheme.token,
    fontSize: 18,
    fontSizeSM: 18,
    fontSizeLG: 20,
    fontSizeXL: 22,
    controlHeight: 48,
    controlHeightSM: 44,
    controlHeightLG: 52,
    controlHeightXS: 28,
    // Checkboxes and radios: a 24 px box inside a label that is the larger target.
    controlInteractiveSize: 24,
    colorText: 'rgba(0, 0, 0, 0.92)',
    colorTextHeading: 'rgba(0, 0, 0, 0.92)',
    colorTextSecondary: CARE_MUTED_TEXT,
    colorTextTertiary: CARE_MUTED_TEXT,
    colorTextDescription: CARE_MUTED_TEXT,
    colorTextLabel: CARE_MUTED_TEXT,
    colorTextPlaceholder: '#595959',
    colorIcon: CARE_MUTED_TEXT,
  },
  components: {
    ...appTheme.components,
    Menu: { ...appTheme.components?.Menu, itemHeight: 52, subMenuItemBg: 'transparent' },
    Switch: { trackHeight: 32, trackMinWidth: 60, handleSize: 28, innerMaxMargin: 34, innerMinMargin: 12 },
    Tag: { defaultColor: CARE_MUTED_TEXT },
    Table: { cellPaddingBlock: 16 },
    Tabs: { ...appTheme.components?.Tabs, horizontalItemPadding: '14px 0' },
  },
};
