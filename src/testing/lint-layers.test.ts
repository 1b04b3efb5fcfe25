import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules bite: each file of lint-fixtures/ is linted as if it stood where its first line
 * says, and must be refused by the rule the test names; the allowed fixture must pass untouched.
 */
const root = join(import.meta.dirname, '../..');
const fixtures = join(root, 'lint-fixtures');
const eslint = new ESLint({ cwd: root });

async function lintFixture(name: string) {
  const text = readFileSync(join(fixtures, name), 'utf8');
  const as = /^\/\/ as: (\S+)/.exec(text)?.[1];
  if (!as) throw new Error(`${name}: the first line must say where the file stands ("// as: src/…")`);
  const [result] = await eslint.lintText(text, { filePath: join(root, as) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const refused: Record<string, string> = {
  'feature-imports-app.tsx': 'import-x/no-restricted-paths',
  'feature-imports-feature.tsx': 'import-x/no-restricted-paths',
  'api-imports-queries.ts': 'import-x/no-restricted-paths',
  'queries-imports-components.ts': 'import-x/no-restricted-paths',
  'gateway-imports-react.ts': 'no-restricted-imports',
  'backend-imports-gateway.ts': 'import-x/no-restricted-paths',
  'gateway-imports-backend.ts': 'import-x/no-restricted-paths',
  'shared-imports-backend.ts': 'import-x/no-restricted-paths',
  'hook-in-condition.tsx': 'react-hooks/rules-of-hooks',
  'query-key-misses-dependency.ts': '@tanstack/query/exhaustive-deps',
  'prefetch-imports-ui.ts': '@typescript-eslint/no-restricted-imports',
};

describe('lint enforces the layers', { timeout: 120_000 }, () => {
  it('has a fixture for every rule it names, and names every fixture', () => {
    const files = readdirSync(fixtures).filter((name) => /\.tsx?$/.test(name));
    expect(files.sort()).toEqual([...Object.keys(refused), 'allowed.tsx'].sort());
  });

  for (const [name, rule] of Object.entries(refused)) {
    it(`refuses ${name} with ${rule}`, async () => {
      expect(await lintFixture(name)).toContain(rule);
    });
  }

  it('lets a feature use queries, components and api', async () => {
    expect(await lintFixture('allowed.tsx')).toEqual([]);
  });
});
