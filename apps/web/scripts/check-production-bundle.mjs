#!/usr/bin/env node
// Fails when the built site (apps/web/dist) or the server-side renderer (apps/web/dist-ssr) carries React's or antd's
// development build. `npm test` builds the site with
// NODE_ENV=development, the server's default, and then runs this check, so a build that lets the shell's NODE_ENV
// leak into the bundle is caught.
//
//   node apps/web/scripts/check-production-bundle.mjs [distDir...]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Strings that only React's and React DOM's development builds contain (their dev-only warnings). */
export const REACT_DEVELOPMENT_MARKERS = [
  'Each child in a list should have a unique "key" prop',
  'react-stack-bottom-frame',
  'Cannot update a component (`%s`) while rendering a different component',
  // antd's development class prefix: a renderer with it draws markup whose styles the client cannot reuse.
  'css-dev-only-do-not-override',
];

/** The JS files of `distDir` that contain a development marker, with the marker found. */
export function findDevelopmentBuild(distDir) {
  const found = [];
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.m?js$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const marker = REACT_DEVELOPMENT_MARKERS.find((m) => text.includes(m));
    if (marker) found.push({ file: path.relative(distDir, file), marker });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dirs = (args.length > 0 ? args : ['../dist', '../dist-ssr'].map((d) => fileURLToPath(new URL(d, import.meta.url)))).map(
    (d) => path.resolve(d),
  );
  let failed = false;
  for (const distDir of dirs) {
    const found = findDevelopmentBuild(distDir);
    for (const f of found) process.stdout.write(`Development build in ${distDir}/${f.file} (contains "${f.marker}")\n`);
    if (found.length > 0) failed = true;
    else process.stdout.write(`Production build: no development markers in ${distDir}\n`);
  }
  if (failed) {
    process.stdout.write('The site bundle and the server renderer must be production builds (apps/web/scripts/build.mjs).\n');
    process.exit(1);
  }
}
