import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Test files share their worker's module cache instead of importing the whole server again for each of 107 files
    // (import time 103 s -> 15 s). Nothing leaks between files: each builds its own app on its own cloned database,
    // and no test mocks a module or changes process.env.
    isolate: false,
    // One migrated, seeded database is made once; every test file clones it (src/testing).
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
