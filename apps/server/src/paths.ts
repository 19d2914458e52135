import { fileURLToPath } from 'node:url';

// This file sits one level below apps/server both as src/paths.ts and, once bundled, as dist/server.js,
// so the same relative URLs resolve from source (tsx, vitest) and from the build.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
