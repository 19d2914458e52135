// Flat ESLint config for the whole monorepo.
// Type-aware rules are left out on purpose: `tsc` already runs in `npm test`, and the
// non-type-checked rule set keeps `npm run lint` at a few seconds.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(rootDir, 'apps', 'web', 'src');
const featuresDir = path.join(webSrc, 'features');

/** First folder below `dir` of an absolute path (a web feature, a server module), or null outside `dir`. */
function areaOf(dir, absPath) {
  const rel = path.relative(dir, absPath);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] ?? null;
}
const featureOf = (absPath) => areaOf(featuresDir, absPath);

/**
 * ARCHITECTURE convention 9: web features do not import each other; a page that combines several
 * lives in app/. `no-restricted-imports` only sees the import text, so a relative import such as
 * `../../courses/api` would slip through; this rule resolves the specifier against the file first.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'disallow importing one web feature from another' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}' (ARCHITECTURE convention 9): move the shared code to shared/ or compose the features in app/.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const own = featureOf(filename);
    if (!own) return {};
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target = null;
      if (spec.startsWith('.')) target = path.resolve(path.dirname(filename), spec);
      else if (spec.startsWith('@/')) target = path.join(webSrc, spec.slice(2));
      else if (spec.startsWith('src/')) target = path.join(webSrc, spec.slice(4));
      if (!target) return;
      const other = featureOf(target);
      if (other && other !== own) {
        context.report({ node, messageId: 'crossFeature', data: { from: own, to: other } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

const serverSrc = path.join(rootDir, 'apps', 'server', 'src');
const modulesDir = path.join(serverSrc, 'modules');

const serverModuleOf = (absPath) => areaOf(modulesDir, absPath);

/**
 * Tests and their support files, and the demo-data seeds, arrange and inspect state across areas (a seed writes a
 * believable learner with courses, progress and orders in one transaction on a fresh database); the running
 * platform's code may not.
 */
function isFixtureFile(absPath) {
  const rel = path.relative(serverSrc, absPath).split(path.sep).join('/');
  return (
    /\.test\.ts$|\.test-support\.ts$|-test-helpers\.ts$/.test(rel) ||
    rel.startsWith('testing/') ||
    rel.startsWith('db/seed/') ||
    /^modules\/[^/]+\/seed\//.test(rel)
  );
}

/**
 * ARCHITECTURE convention 12 (docs/architecture.md): a server module is used from outside only through its
 * public surface, `modules/<area>/index.ts`. Tables, repositories and internal services stay private. The
 * specifier is resolved against the importing file, so `../courses/courses.repository` and
 * `../../modules/courses/courses.table` are caught alike. db/schema.ts sees every table (drizzle collects them for
 * queries and migrations), and a table file may name another area's table file for its foreign keys (so drizzle-kit
 * loads tables only, not every module's services); tests and demo seeds are exempt (isFixtureFile).
 * No module imports app.ts: the types every module needs live in lib/app-module.ts.
 */
const noPrivateModuleImports = {
  meta: {
    type: 'problem',
    docs: { description: "disallow importing another server module's private files" },
    schema: [],
    messages: {
      privateFile:
        "'{{spec}}' is private to server module '{{to}}': import it from '{{to}}/index.ts' (its public surface), or add a narrow port there (docs/architecture.md).",
      appFile: "Server modules do not import app.ts: take App, AppDeps and AppModule from 'lib/app-module'.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const rel = path.relative(serverSrc, filename);
    if (rel.startsWith('..') || path.isAbsolute(rel) || isFixtureFile(filename)) return {};
    if (rel.split(path.sep).join('/') === 'db/schema.ts') return {};
    const own = serverModuleOf(filename);
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const spec = source.value;
      const target = path.resolve(path.dirname(filename), spec).replace(/\.(ts|js)$/, '');
      if (own && target === path.join(serverSrc, 'app')) {
        context.report({ node, messageId: 'appFile' });
        return;
      }
      const other = serverModuleOf(target);
      if (!other || other === own) return;
      const inside = path.relative(path.join(modulesDir, other), target);
      if (inside === '' || inside === 'index') return;
      if (/\.table$/.test(filename.replace(/\.ts$/, '')) && /^[^/\\]+\.table$/.test(inside)) return;
      context.report({ node, messageId: 'privateFile', data: { spec, to: other } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/**
 * Every date the web app shows is China time, one format per kind (docs/decisions.md): `chinaDate`, `chinaDateTime`
 * and `chinaTime` of shared/lib/china-time.ts. Cutting an ISO string gives the UTC day, and the browser's
 * toLocale*String and dayjs(x).format() give the browser's zone (and each their own format). The slice selectors
 * only fire on what looks like an instant (a `toISOString()` result, or a name ending in _at, At, iso, date or time),
 * so `tags.slice(0, 16)` of an array passes; toLocaleString passes on arithmetic (money), not on a Date.
 */
const chinaTimeMessage = (what) =>
  `日期一律按北京时间显示：用 shared/lib/china-time.ts 的 chinaDate / chinaDateTime / chinaTime（show dates in China time with these helpers, not ${what}）。`;
const dateLikeReceiver =
  ':matches([callee.object.type="CallExpression"][callee.object.callee.property.name="toISOString"], [callee.object.name=/(_at|_on|At|iso|Iso|ISO|[dD]ate|[tT]ime)$/], [callee.object.property.name=/(_at|_on|At|iso|Iso|ISO|[dD]ate|[tT]ime)$/])';
const chinaTimeSyntax = [
  {
    selector: `CallExpression[callee.property.name=/^(slice|substring|substr)$/][arguments.0.value=0]:matches([arguments.1.value=10], [arguments.1.value=16], [arguments.1.value=19])${dateLikeReceiver}`,
    message: chinaTimeMessage('a slice of an ISO string'),
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
    message: chinaTimeMessage("the browser's toLocaleDateString/toLocaleTimeString"),
  },
  {
    selector:
      'CallExpression[callee.property.name="toLocaleString"]:not([callee.object.type=/^(BinaryExpression|Literal|UnaryExpression)$/])',
    message: chinaTimeMessage("the browser's toLocaleString"),
  },
  {
    selector: 'NewExpression[callee.object.name="Intl"][callee.property.name="DateTimeFormat"]',
    message: chinaTimeMessage('Intl.DateTimeFormat'),
  },
  {
    selector:
      'CallExpression[callee.property.name="format"][callee.object.type="CallExpression"][callee.object.callee.name="dayjs"]',
    message: chinaTimeMessage("dayjs(x).format() in the browser's zone"),
  },
];

const localPlugin = {
  rules: {
    'no-cross-feature-imports': noCrossFeatureImports,
    'no-private-module-imports': noPrivateModuleImports,
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      // Stand-in for a built web app, served by the static-file tests; not source.
      'apps/server/src/testing/fixtures/web-dist/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Node code: server, scripts, bench, config files.
    files: [
      'apps/server/**/*.{ts,js,mjs,cjs}',
      'packages/**/*.{ts,js,mjs}',
      'scripts/**/*.{js,mjs,cjs}',
      'bench/**/*.{js,mjs,cjs}',
      '*.{js,mjs,cjs,ts}',
      'apps/web/*.{js,mjs,cjs,ts}',
      'apps/web/e2e/**/*.ts',
      'apps/web/scripts/**/*.{js,mjs,cjs}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: localPlugin },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Syncing state from the URL or a scroll position once in an effect is deliberate in a few places;
      // kept visible as a warning instead of blocking the build.
      'react-hooks/set-state-in-effect': 'warn',
      'local/no-cross-feature-imports': 'error',
    },
  },
  {
    // Dates shown by the web app (tests build their fixtures as they like).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeSyntax] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { local: localPlugin },
    rules: { 'local/no-private-module-imports': 'error' },
  },
  {
    // Route handlers validate, authorise and call a service; queries live in repositories.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message: 'Route files never import drizzle: put queries in <area>.repository.ts.',
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*'],
              message: 'Route files never import drizzle: put queries in <area>.repository.ts.',
            },
          ],
        },
      ],
    },
  },
);
