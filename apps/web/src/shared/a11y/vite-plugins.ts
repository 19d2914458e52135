import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Build-time accessibility fixes of antd (used by the build, the server-side renderer's build and the development
 * server's dependency pre-bundling, see vite.config.ts). docs/decisions.md explains the choice.
 */

/** The wrapper module (in this folder) that stands for each of the library's base components. */
const ICON_BASES: Record<string, string> = {
  AntdIconLight: './decorative-icon-light.ts',
  AntdIcon: './decorative-icon-two-tone.ts',
};

const ICON_FILE = /[\\/]@ant-design[\\/]icons[\\/](es|lib)[\\/]icons[\\/]/;

/** Which wrapper (relative to this folder) an icon file's import of the library's base component goes to (null: none). */
export function iconBaseFor(source: string, importer: string | undefined): string | null {
  if (!importer || !ICON_FILE.test(importer)) return null;
  const base = /^\.\.\/components\/(AntdIconLight|AntdIcon)(\.js)?$/.exec(source)?.[1];
  return base ? ICON_BASES[base]! : null;
}

/**
 * Icons are decorative unless named: every icon file of @ant-design/icons (ours and those antd's components import)
 * renders through the library's base component, which labels it `role="img"` with its English name ("search"). This
 * redirects the icon files' import of that base to decorative-icon.ts, which hides an unnamed icon from assistive
 * technology and keeps a Chinese `aria-label` given to it.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'app:decorative-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      const base = iconBaseFor(source, importer);
      return base ? fileURLToPath(new URL(base, import.meta.url)) : null;
    },
  };
}

/**
 * Names antd 6 and its rc-components get wrong in ways no locale or prop reaches: English written as literals into
 * accessible names (antd's zh_CN covers the rest: Pagination's titles, DatePicker, Table's filter/sort/expand, Modal,
 * Upload, Image, Empty...), and controls antd leaves without any name. Each rule names the file (its path ends so, in
 * the ESM build the site bundles) and the exact code to replace; the build fails when that code is no longer found,
 * so an antd upgrade that moves it is noticed instead of silently read out in English (or unnamed) again.
 */
export const ANTD_NAME_PATCHES: { file: RegExp; from: string; to: string }[] = [
  // InputNumber's step buttons.
  {
    file: /@rc-component[\\/]input-number[\\/]es[\\/]StepHandler\.js$/,
    from: "'Increase Value'",
    to: "'增加数值'",
  },
  {
    file: /@rc-component[\\/]input-number[\\/]es[\\/]StepHandler\.js$/,
    from: "'Decrease Value'",
    to: "'减少数值'",
  },
  // Segmented's group, when a page gives it no name of its own.
  {
    file: /@rc-component[\\/]segmented[\\/]es[\\/]index\.js$/,
    from: '"aria-label": "segmented control"',
    to: '"aria-label": "选项切换"',
  },
  // Select's (and Cascader's) clear button.
  {
    file: /@rc-component[\\/]select[\\/]es[\\/]hooks[\\/]useAllowClear\.js$/,
    from: "allowClearConfig.label ?? 'Clear'",
    to: "allowClearConfig.label ?? '清除'",
  },
  // Table's select-all checkbox.
  {
    file: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    from: "'Custom selection' : 'Select all'",
    to: "'自定义选择' : '全选当页'",
  },
  // The close buttons of dialogs and notices when no label is passed down.
  {
    file: /@rc-component[\\/]dialog[\\/]es[\\/]Dialog[\\/]Content[\\/]Panel\.js$/,
    from: '"aria-label": "Close"',
    to: '"aria-label": "关闭"',
  },
  {
    file: /@rc-component[\\/]notification[\\/]es[\\/]Notification\.js$/,
    from: '"aria-label": "Close"',
    to: '"aria-label": "关闭"',
  },
  // Pagination's previous/next buttons: antd draws them icon-only, without a name (the list item's title is not one).
  {
    file: /antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    from: 'const prevIcon = /*#__PURE__*/React.createElement("button", {',
    to: 'const prevIcon = /*#__PURE__*/React.createElement("button", {\n      "aria-label": "上一页",',
  },
  {
    file: /antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    from: 'const nextIcon = /*#__PURE__*/React.createElement("button", {',
    to: 'const nextIcon = /*#__PURE__*/React.createElement("button", {\n      "aria-label": "下一页",',
  },
  // Input.Search's icon-only search button.
  {
    file: /antd[\\/]es[\\/]input[\\/]Search\.js$/,
    from: '      icon: searchIcon,\n',
    to: '      icon: searchIcon,\n      "aria-label": typeof enterButton === \'boolean\' ? "搜索" : undefined,\n',
  },
  // Rate's stars (radio buttons) have no name: "1星" ... "5星".
  {
    file: /@rc-component[\\/]rate[\\/]es[\\/]Star\.js$/,
    from: '"aria-setsize": count,',
    to: '"aria-setsize": count,\n    "aria-label": `${index + 1}星`,',
  },
  // Input's clear button (allowClear) is icon-only, without a name.
  {
    file: /@rc-component[\\/]input[\\/]es[\\/]BaseInput\.js$/,
    from: 'clearIcon = /*#__PURE__*/React.createElement("button", {\n        type: "button",',
    to: 'clearIcon = /*#__PURE__*/React.createElement("button", {\n        type: "button",\n        "aria-label": "清除",',
  },
  // Table's filter trigger (an icon in a role=button span), without a name.
  {
    file: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    from: 'role: "button",\n      tabIndex: -1,\n      className: clsx(`${prefixCls}-trigger`, {',
    to: 'role: "button",\n      "aria-label": "筛选",\n      tabIndex: -1,\n      className: clsx(`${prefixCls}-trigger`, {',
  },
  // Alert's close button (a page may still pass its own label through `closable`).
  {
    file: /antd[\\/]es[\\/]alert[\\/]Alert\.js$/,
    from: '    style: style,\n    ...ariaProps\n  }, mergedCloseIcon)',
    to: '    style: style,\n    "aria-label": "关闭",\n    ...ariaProps\n  }, mergedCloseIcon)',
  },
  // Image preview: the toolbar's buttons are named by their English operation ("zoomIn"), the close button not at all.
  {
    file: /@rc-component[\\/]image[\\/]es[\\/]Preview[\\/]Footer\.js$/,
    from: '"aria-label": type\n',
    to: '"aria-label": { prev: "上一张", next: "下一张", flipY: "上下翻转", flipX: "左右翻转", rotateLeft: "向左旋转", rotateRight: "向右旋转", zoomOut: "缩小", zoomIn: "放大" }[type] ?? type\n',
  },
  {
    file: /@rc-component[\\/]image[\\/]es[\\/]Preview[\\/]CloseBtn\.js$/,
    from: 'className: clsx(`${prefixCls}-close`, className),',
    to: 'className: clsx(`${prefixCls}-close`, className),\n    "aria-label": "关闭",',
  },
  // Tabs: the overflow menu's button has no name and its list and remove buttons English ones; and the tab list's role
  // sits on the whole bar, whose overflow button then breaks the tablist (only tabs may be in one): the role moves to
  // the inner list that holds the tabs.
  {
    file: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]OperationNode\.js$/,
    from: '    className: `${prefixCls}-nav-more`,',
    to: '    className: `${prefixCls}-nav-more`,\n    "aria-label": "更多标签页",',
  },
  {
    file: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]OperationNode\.js$/,
    from: "'expanded dropdown'",
    to: "'更多标签页'",
  },
  {
    file: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]OperationNode\.js$/,
    from: "removeAriaLabel || 'remove'",
    to: "removeAriaLabel || '删除'",
  },
  {
    file: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]TabNode\.js$/,
    from: "removeAriaLabel || 'remove'",
    to: "removeAriaLabel || '删除'",
  },
  {
    file: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]index\.js$/,
    from: '    role: "tablist",\n    "aria-orientation": tabPositionTopOrBottom ? \'horizontal\' : \'vertical\',\n    className: clsx(`${prefixCls}-nav`,',
    to: '    className: clsx(`${prefixCls}-nav`,',
  },
  {
    file: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]index\.js$/,
    from: '    ref: tabListRef,\n    className: `${prefixCls}-nav-list`,',
    to: '    ref: tabListRef,\n    role: "tablist",\n    "aria-orientation": tabPositionTopOrBottom ? \'horizontal\' : \'vertical\',\n    className: `${prefixCls}-nav-list`,',
  },
  // A table that scrolls sideways (scroll.x) takes the keyboard's focus, so it can be scrolled without a mouse even
  // when its rows hold no link or button.
  {
    file: /@rc-component[\\/]table[\\/]es[\\/]Table\.js$/,
    from: '      className: clsx(`${prefixCls}-content`, classNames?.content),\n      onScroll: onInternalScroll,',
    to: '      className: clsx(`${prefixCls}-content`, classNames?.content),\n      tabIndex: horizonScroll ? 0 : undefined,\n      onScroll: onInternalScroll,',
  },
  // Form: a field's error is tied to it (aria-describedby, aria-invalid: antd does that) but not announced; as the
  // public pages' PlainFormItem does, an error line is an alert when it appears.
  {
    file: /antd[\\/]es[\\/]form[\\/]ErrorList\.js$/,
    from: '        key: key,\n        className: clsx(itemClassName, contextClassNames?.helpItem, {',
    to: '        key: key,\n        role: errorStatus === "error" ? "alert" : undefined,\n        className: clsx(itemClassName, contextClassNames?.helpItem, {',
  },
];

/** The module's code with the patches applied; throws when a rule for this file finds nothing to replace. */
export function patchAntdSource(code: string, id: string): string | null {
  const rules = ANTD_NAME_PATCHES.filter((r) => r.file.test(id.split('?')[0]!));
  if (rules.length === 0) return null;
  let out = code;
  for (const rule of rules) {
    if (!out.includes(rule.from))
      throw new Error(`antd code ${JSON.stringify(rule.from)} not found in ${id}: update ANTD_NAME_PATCHES`);
    out = out.split(rule.from).join(rule.to);
  }
  return out;
}

export function antdNames(): Plugin {
  return {
    name: 'app:antd-names',
    transform(code, id) {
      const out = patchAntdSource(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
