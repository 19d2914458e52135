#!/usr/bin/env node
// Fails when the built site (apps/web/dist) or the server-side renderer (apps/web/dist-ssr) carries React's or antd's
// development build, or when the files index.html links (every page's first load) carry a library that belongs to
// later screens only (zod: the contract schemas are for forms and the server, not for the first paint). `npm test` builds the site with
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

/** Libraries kept out of the first load, each known by a string only its code contains. */
export const NOT_IN_FIRST_LOAD = [{ library: 'zod', marker: '._zod' }];

/** The scripts index.html links (entry and modulepreload) that contain a library kept out of the first load. */
export function findFirstLoadLibraries(distDir) {
  let html;
  try {
    html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return []; // the server renderer's folder has no index.html
  }
  const linked = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.m?js)"/g)].map((m) => m[1]);
  const found = [];
  for (const file of linked) {
    const text = readFileSync(path.join(distDir, file), 'utf8');
    for (const { library, marker } of NOT_IN_FIRST_LOAD) if (text.includes(marker)) found.push({ file, library });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dirs = (args.length > 0 ? args : ['../dist', '../dist-ssr'].map((d) => fileURLToPath(new URL(d, import.meta.url)))).map(
    (d) => path.resolve(d),
  );
  let failed = false;
  let heavyFirstLoad = false;
  for (const distDir of dirs) {
    const found = findDevelopmentBuild(distDir);
    for (const f of found) process.stdout.write(`Development build in ${distDir}/${f.file} (contains "${f.marker}")\n`);
    if (found.length > 0) failed = true;
    else process.stdout.write(`Production build: no development markers in ${distDir}\n`);
    const heavy = findFirstLoadLibraries(distDir);
    for (const f of heavy) process.stdout.write(`First load carries ${f.library}: ${distDir}/${f.file} is linked from index.html\n`);
    if (heavy.length > 0) heavyFirstLoad = true;
  }
  if (failed) process.stdout.write('The site bundle and the server renderer must be production builds (apps/web/scripts/build.mjs).\n');
  if (heavyFirstLoad) {
    process.stdout.write('Import such a library only from lazy screens; a first-load module names paths instead (e.g. learning-paths.ts).\n');
  }
  if (failed || heavyFirstLoad) process.exit(1);
}
