import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { careModeCss } from './src/app/care-mode-css.ts';
import { antdNames, decorativeIcons } from './src/shared/a11y/vite-plugins';

const API_TARGET = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `x.br` and `x.gz` next to every text file of the build (max compression, done once at build time), so the
 * server sends them as they are (@fastify/static `preCompressed`, see apps/server/src/plugins/web.ts). A sibling
 * that would not be smaller than its file is not written; the server then sends the plain file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'app:precompress',
    apply: 'build',
    configResolved(config) {
      // The server-side renderer's bundle is read from disk by the server, never sent: nothing to compress.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      let files = 0;
      let rawBytes = 0;
      let brBytes = 0;
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const body = readFileSync(file);
        const br = brotliCompressSync(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        files += 1;
        rawBytes += body.length;
        brBytes += Math.min(br.length, body.length);
      }
      this.info(`precompressed ${files} files: ${(rawBytes / 1024).toFixed(0)} KB -> ${(brBytes / 1024).toFixed(0)} KB brotli`);
    },
  };
}

/**
 * Vendor split: React + router change rarely and are shared by every screen, so they get their own long-cached
 * chunk; axios/query/zustand another. antd is never one group: a single antd group would drag every component used by any lazy page into the first load (budget: 200 KB gzip for `/`).
 */
export default defineConfig({
  plugins: [react(), decorativeIcons(), antdNames(), precompress()],
  // 关怀模式: the site's font sizes and grey text follow the care-mode properties of <html class="care-mode">.
  css: { postcss: { plugins: [careModeCss()] } },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The development server pre-bundles antd: the same accessibility fixes apply there.
  optimizeDeps: { rolldownOptions: { plugins: [decorativeIcons(), antdNames()] } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/coursepoolapi': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/coursepoolapi': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // One stylesheet for the whole site, linked from index.html: a page the server rendered is styled at first paint
    // (per-route CSS would arrive with the route's JavaScript, after the paint). About 11 KB gzip.
    cssCodeSplit: false,
    rolldownOptions: {
      // Pages import from the 'antd' barrel. Without lazy barrels every antd component the barrel re-exports counts
      // as reachable from the entry, and page-only components (Skeleton, Tabs...) leak into first-load chunks.
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            {
              name: 'data-vendor',
              test: /node_modules[\\/](@tanstack|axios|axios-retry|zustand|is-retry-allowed)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
