import { createContext, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';

type AntdScopeComponent = ComponentType<{ children?: ReactNode }>;

let scopeComponent: (() => AntdScopeComponent) | null = null;

/** The app hands over how to get antd's scope (app/antd-loader.ts): shared code never imports app/. */
export function provideAntdScope(get: () => AntdScopeComponent): void {
  scopeComponent = get;
}

/** True inside antd's scope (ConfigProvider, App): set by the scope itself (app/antd-scope.tsx). */
export const AntdPresent = createContext(false);

/**
 * A part of a screen drawn without antd that does need antd (a dialog with an antd form, opened by a click): inside
 * antd's scope, the one around the screen when there is one, else its own, fetched when the part first renders.
 */
export function AntdIsland({ children }: { children: ReactNode }) {
  const present = useContext(AntdPresent);
  // Pinned at mount: switching the wrapper's type later would remount the part.
  const [Scope] = useState(() => (present ? null : (scopeComponent?.() ?? null)));
  if (!Scope) return children;
  return (
    <Suspense fallback={null}>
      <Scope>{children}</Scope>
    </Suspense>
  );
}
