import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

/**
 * Wrap test renders of antd screens in this. antd still generates every component style (a broken style function
 * still fails the test), but does not inject it into jsdom's document: with antd's stylesheets in the document,
 * each getByRole/getByLabelText runs jsdom's CSS cascade (getComputedStyle on every candidate and its ancestors,
 * against thousands of selectors), which made a single antd form test take 5-15 s on CI.
 *
 * Consequence for assertions: visibility that antd expresses only through a stylesheet class (e.g. a closed
 * dropdown's `-hidden` class) is not observable; visibility through attributes (aria-hidden on inactive tab
 * panes, `hidden`, inline `display: none` on closed modals) still is. Assert those, or DOM presence.
 */
export function TestAntdStyles({ children }: { children?: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}
