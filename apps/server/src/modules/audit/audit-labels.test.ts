import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '@app/contracts';

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(): { file: string; text: string }[] {
  return readdirSync(modulesDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('test-support'))
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file, text: readFileSync(file, 'utf8') };
    });
}

it('gives every audit action and record kind the server records a Chinese name', () => {
  const actions = new Set<string>();
  const entities = new Set<string>();
  for (const { text } of sources()) {
    // `action: 'x.y'`, `action: cond ? 'x.y' : 'x.z'` and the like: every quoted code after `action:` on its line.
    for (const line of text.split('\n')) {
      const a = /\baction:\s*(.*)$/.exec(line);
      if (a) for (const m of a[1]!.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) actions.add(m[1]!);
      const e = /\bentity:\s*'([a-z_]+)'/.exec(line);
      if (e) entities.add(e[1]!);
    }
  }
  expect(actions.size).toBeGreaterThan(40);
  expect([...actions].filter((a) => !AUDIT_ACTION_LABELS[a]).sort()).toEqual([]);
  expect([...entities].filter((e) => !AUDIT_ENTITY_LABELS[e]).sort()).toEqual([]);
});
