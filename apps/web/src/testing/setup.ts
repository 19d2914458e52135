import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// The suite runs with `isolate: false` (vitest.config.ts): one worker keeps Node's cache of antd/react between test
// files instead of loading them again for every file. This setup file still runs once per test file, so it gives
// each file what isolation gave it: fresh app modules (stores, api client, caches: re-evaluated on import), and, at
// the end of the file, a clean document, URL, timers and globals for the next file in the same worker.
vi.resetModules();

// Route screens load lazily; on a busy CI machine a render can take a few seconds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that antd and the shell use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
// jsdom has no element scrolling either; the phone exam scrolls its question screen back to the top.
Element.prototype.scrollTo = vi.fn() as unknown as typeof Element.prototype.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Anything left outside the render containers (e.g. antd's message/notification roots); head keeps antd's styles,
  // which antd's shared style cache will not inject again.
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
});
