import { createElement, forwardRef, type ForwardRefExoticComponent, type Ref } from 'react';

/** What this wrapper reads of the props of @ant-design/icons' base components (AntdIcon, AntdIconLight). */
interface NamingProps {
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
  [prop: string]: unknown;
}

/**
 * Every antd icon, the site's own and those inside antd's components, goes through this wrapper instead of
 * @ant-design/icons' own base component (the build redirects the icon files' import of it, see `decorativeIcons` in
 * vite.config.ts). The library gives each icon `role="img"` and its English name as `aria-label` ("search",
 * "clock-circle"), which screen readers read out. Here an icon is decorative unless it is given a name: without an
 * `aria-label` (or `aria-labelledby`) it is hidden from assistive technology (`aria-hidden`, no role, no label);
 * given one (a Chinese name, for an icon that stands alone and means something) it keeps `role="img"` and that name.
 */
export function decorative<T extends ForwardRefExoticComponent<never>>(Original: T): T {
  const Base = Original as unknown as ForwardRefExoticComponent<NamingProps>;
  function DecorativeIcon(props: NamingProps, ref: Ref<HTMLSpanElement>) {
    if (props['aria-label'] || props['aria-labelledby']) return createElement(Base, { ...props, ref });
    return createElement(Base, {
      ...props,
      ref,
      role: undefined,
      'aria-label': undefined,
      'aria-hidden': props['aria-hidden'] ?? true,
    });
  }
  const Icon = forwardRef(DecorativeIcon);
  // The two-tone base keeps colour helpers on the component; copy whatever statics the original has.
  for (const key of Object.keys(Original)) {
    if (!(key in Icon))
      (Icon as unknown as Record<string, unknown>)[key] = (Original as unknown as Record<string, unknown>)[
        key
      ];
  }
  return Icon as unknown as T;
}
