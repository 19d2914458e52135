// The module-boundary rule (docs/architecture.md) as `npm run lint` runs it: the repository's own ESLint config,
// applied to source text placed at real paths of the server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const src = (rel: string) => path.join(repoRoot, 'apps', 'server', 'src', rel);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: src(file) });
  return result!.messages.filter((m) => m.ruleId === 'local/no-private-module-imports').map((m) => m.message);
}

describe('server module boundaries', () => {
  it("refuses a module importing another module's table, repository or service", async () => {
    const errors = await boundaryErrors(
      'modules/members/members.example.ts',
      [
        "import { courses } from '../courses/courses.table';",
        "import { createCoursesRepository } from '../courses/courses.repository';",
        "export { createMessagesService } from '../messages/messages.service';",
        'export const x = [courses, createCoursesRepository];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain("private to server module 'courses'");
    expect(errors[2]).toContain("private to server module 'messages'");
  });

  it('refuses the same breach written as a path through src/modules or as a dynamic import', async () => {
    const errors = await boundaryErrors(
      'modules/talent/talent.example.ts',
      [
        "import { learningCourseProgress } from '../../modules/learning/learning.table';",
        "export const later = () => import('../users/users.repository');",
        'export const t = learningCourseProgress;',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it("refuses code outside the modules (app, plugins, lib) reaching into a module's private files", async () => {
    const errors = await boundaryErrors(
      'plugins/example.ts',
      "export { usersRepository } from '../modules/users/users.repository';",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a module importing app.ts', async () => {
    const errors = await boundaryErrors(
      'modules/courses/courses.example.ts',
      "import type { AppDeps } from '../../app';\nexport type D = AppDeps;",
    );
    expect(errors).toEqual([expect.stringContaining('do not import app.ts')]);
  });

  it("allows another module's index.ts, the module's own files, lib and db", async () => {
    const errors = await boundaryErrors(
      'modules/members/members.example.ts',
      [
        "import { courseCatalog } from '../courses';",
        "import { accountChanges } from '../users/index';",
        "import { membersRepository } from './members.repository';",
        "import { rowsOf } from '../../db/sql';",
        "import type { AppModule } from '../../lib/app-module';",
        'export const x = [courseCatalog, accountChanges, membersRepository, rowsOf];',
        'export type M = AppModule;',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets tests, demo seeds and the drizzle schema index see tables', async () => {
    const code = "import { users } from '../users/users.table';\nexport const u = users;";
    expect(await boundaryErrors('modules/members/orders.example.test.ts', code)).toEqual([]);
    expect(
      await boundaryErrors(
        'modules/members/seed/example.seed.ts',
        "import { users } from '../../users/users.table';\nexport const u = users;",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('db/schema.ts', "export * from '../modules/users/users.table';")).toEqual([]);
  });

  // ESLint over the whole server source: no database involved, so once, in the PGlite run (the PostgreSQL run goes
  // beside the browser tests, where it took a minute).
  it.skipIf(inject('testDbTemplate').kind !== 'pglite')('finds no breach in the server as it stands', async () => {
    const results = await eslint.lintFiles([path.join(repoRoot, 'apps', 'server', 'src')]);
    const breaches = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'local/no-private-module-imports')
        .map((m) => `${path.relative(repoRoot, r.filePath)}: ${m.message}`),
    );
    expect(breaches).toEqual([]);
  }, 120_000);
});

describe('web feature boundaries', () => {
  it('refuses one web feature importing another, however the path is written', async () => {
    const file = path.join(repoRoot, 'apps', 'web', 'src', 'features', 'members', 'example.ts');
    const code =
      "import { a } from '../courses/api';\nimport { b } from '@/features/talent/api';\nexport const x = [a, b];";
    const [result] = await eslint.lintText(code, { filePath: file });
    expect(result!.messages.filter((m) => m.ruleId === 'local/no-cross-feature-imports')).toHaveLength(2);
  });
});
