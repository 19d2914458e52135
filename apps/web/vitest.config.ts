import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      css: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // Loading antd (CommonJS, every component) and a jsdom window cost ~2 s per test file when each file gets a
      // fresh worker. Workers are reused instead; src/testing/setup.ts re-evaluates the app's own modules for every
      // file and cleans the document, URL, timers and globals after it. vi.mock() registrations are not reset
      // between files of a worker: a file that mocks a module must not rely on other files not mocking it.
      isolate: false,
      // vitest's default (CPUs - 1) is a single worker on a 2-core CI machine.
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  }),
);
