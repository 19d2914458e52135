import { lazy, type ComponentType, type ReactNode } from 'react';
import { provideAntdScope } from '@/shared/lib/antd-island';

type AntdScopeComponent = ComponentType<{ children?: ReactNode }>;

let loading: Promise<{ default: AntdScopeComponent }> | null = null;
let loaded: AntdScopeComponent | null = null;

/**
 * Loads antd's scope (ConfigProvider, App, message/modal/notification) once. It is never in the entry chunk:
 * the first load of a screen without antd (home) stays small; screens that need it fetch it in parallel with
 * their own chunk (see the route table). A failed load may be retried by the next caller.
 */
export function loadAntdScope(): Promise<{ default: AntdScopeComponent }> {
  loading ??= import('./antd-scope').then(
    (mod) => {
      loaded = mod.default;
      return mod;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

const LazyAntdScope = lazy(loadAntdScope);

/**
 * The component to render for antd's scope: the module itself once loaded (no suspense flash), else a lazy
 * wrapper. Pin the result per mount (useState initialiser): switching type later would remount the screen.
 */
export function antdScopeComponent(): AntdScopeComponent {
  return loaded ?? LazyAntdScope;
}

// Parts of antd-free screens that need antd (AntdIsland) get their scope from here.
provideAntdScope(antdScopeComponent);
