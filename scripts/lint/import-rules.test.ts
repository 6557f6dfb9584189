import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IConfiguration, ICruiseResult, IViolation } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectDir = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const moduleRules = require(path.join(projectDir, '.dependency-cruiser.cjs')) as IConfiguration;
const folderRules = require(path.join(projectDir, '.dependency-cruiser.folders.cjs')) as IConfiguration;

/** Files by path; each entry's imports are written as `import ... from` lines (`type:` marks a type-only one). */
type Tree = Record<string, string[]>;

/** An import from `file` of `target` (a project path or a package), relative as a fixture can have no aliases. */
function importLine(file: string, target: string): string {
  const typeOnly = target.startsWith('type:');
  const bare = typeOnly ? target.slice('type:'.length) : target;
  const specifier = bare.startsWith('src/') ? relativeSpecifier(file, bare) : bare;
  return typeOnly ? `import type { T } from '${specifier}';` : `import { x } from '${specifier}';`;
}

function relativeSpecifier(file: string, target: string): string {
  const relative = path.posix.relative(path.posix.dirname(file), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function writeTree(dir: string, tree: Tree): void {
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    const lines = [
      ...imports.map((target) => importLine(file, target)),
      'export const x = 1;',
      'export type T = 1;',
    ];
    writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`);
  }
  // A stand-in package, so an import of drizzle-orm resolves to node_modules/ as in the project.
  mkdirSync(path.join(dir, 'node_modules/drizzle-orm'), { recursive: true });
  writeFileSync(
    path.join(dir, 'node_modules/drizzle-orm/package.json'),
    '{"name":"drizzle-orm","main":"index.js"}',
  );
  writeFileSync(path.join(dir, 'node_modules/drizzle-orm/index.js'), 'export const eq = 1;\n');
}

/** The violations dependency-cruiser finds in `dir` under the project's own rules and options. */
async function violations(dir: string, config: IConfiguration): Promise<IViolation[]> {
  // The project's tsconfig.json only serves its aliases, which fixtures do not use.
  const { tsConfig: _aliasesOnly, ...options } = config.options ?? {};
  const result = await cruise(['src'], {
    ...options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return (result.output as ICruiseResult).summary.violations;
}

function brief(violation: IViolation): { rule: string; from: string; to: string } {
  return { rule: violation.rule.name, from: violation.from, to: violation.to };
}

/** Each import breaks the rule it is named after; the rest of the tree is what those files import. */
const wrongImports: Tree = {
  'src/server/app-error.ts': ['src/server/features/estimates/service.ts'],
  'src/server/i18n/translator.ts': ['src/server/features/estimates/service.ts'],
  'src/server/db/client.ts': ['src/server/http/route-helpers.ts'],
  'src/server/db/schema.ts': ['src/server/sessions/session-store.ts'],
  'src/server/db/database-config.ts': ['src/server/config.ts'],
  'src/server/adapters/mail/mailer.ts': ['src/server/http/route-helpers.ts'],
  'src/server/adapters/mail/mail-config.ts': ['src/server/config.ts'],
  'src/server/sessions/session-store.ts': ['src/server/http/route-helpers.ts'],
  'src/server/http/route-helpers.ts': [],
  // http/ on sessions/ is the right way: with the line above, a loop between the two folders.
  'src/server/http/current-user.ts': ['src/server/sessions/session-cookie.ts'],
  'src/server/sessions/session-cookie.ts': [],
  'src/server/config.ts': [],
  'src/server/features/estimates/service.ts': [],
  'src/server/features/estimates/routes.ts': ['src/server/db/schema.ts', 'drizzle-orm'],
  'src/server/features/payments/webhook-routes.ts': ['src/server/db/client.ts'],
  'src/client/i18n/i18n.ts': ['src/client/features/estimates/page.tsx'],
  'src/client/i18n/language-switch.tsx': ['src/client/lib/api.ts'],
  'src/client/lib/api.ts': [],
  // lib/ on i18n/ is the right way: with the line above, a loop between the two folders.
  'src/client/lib/format-date.ts': ['src/client/i18n/format.ts'],
  'src/client/i18n/format.ts': [],
  'src/client/lib/report-error.ts': ['src/client/components/ui/toast.ts'],
  'src/client/components/ui/toast.ts': [],
  // components/ on lib/ is the right way: with the line above, a loop between the two folders.
  'src/client/components/ui/button.tsx': ['src/client/lib/cn.ts'],
  'src/client/lib/cn.ts': [],
  'src/client/features/estimates/page.tsx': [],
  'src/client/features/admin-estimates/screen.tsx': ['src/client/features/estimate-detail/shared.ts'],
  'src/client/features/estimate-detail/shared.ts': [],
};

/** The plumbing order as it should run, bottom to top, and route files that leave queries to services. */
const rightImports: Tree = {
  'src/server/app-error.ts': [],
  'src/server/config.ts': ['src/server/adapters/mail/mail-config.ts', 'src/server/db/database-config.ts'],
  'src/server/adapters/mail/mail-config.ts': [],
  'src/server/adapters/payments/test-provider.ts': ['src/server/db/schema.ts'],
  'src/server/db/database-config.ts': [],
  'src/server/db/schema.ts': [],
  'src/server/db/client.ts': ['src/server/db/database-config.ts', 'src/server/db/schema.ts'],
  'src/server/sessions/session-store.ts': [
    'src/server/config.ts',
    'src/server/db/client.ts',
    'src/server/app-error.ts',
  ],
  'src/server/i18n/translator.ts': [],
  'src/server/http/current-user.ts': [
    'src/server/sessions/session-store.ts',
    'src/server/i18n/translator.ts',
  ],
  'src/server/features/estimates/service.ts': ['src/server/db/client.ts', 'drizzle-orm'],
  'src/server/features/estimates/routes.ts': [
    'type:src/server/db/client.ts',
    'src/server/features/estimates/service.ts',
    'src/server/http/current-user.ts',
  ],
  'src/client/i18n/i18n.ts': [],
  'src/client/lib/format-date.ts': ['src/client/i18n/i18n.ts'],
  'src/client/components/ui/button.tsx': ['src/client/lib/format-date.ts', 'src/client/i18n/i18n.ts'],
  'src/client/features/estimates/page.tsx': ['src/client/components/ui/button.tsx'],
};

describe('the import rules of npm run lint', () => {
  let wrongDir: string;
  let rightDir: string;

  beforeAll(() => {
    wrongDir = mkdtempSync(path.join(tmpdir(), 'import-rules-wrong-'));
    rightDir = mkdtempSync(path.join(tmpdir(), 'import-rules-right-'));
    writeTree(wrongDir, wrongImports);
    writeTree(rightDir, rightImports);
  });

  afterAll(() => {
    rmSync(wrongDir, { recursive: true, force: true });
    rmSync(rightDir, { recursive: true, force: true });
  });

  it('refuse an import against the plumbing order, each by its own rule', async () => {
    const found = (await violations(wrongDir, moduleRules)).map(brief);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          rule: 'server-plumbing-not-features',
          from: 'src/server/app-error.ts',
          to: 'src/server/features/estimates/service.ts',
        },
        {
          rule: 'server-plumbing-not-features',
          from: 'src/server/i18n/translator.ts',
          to: 'src/server/features/estimates/service.ts',
        },
        {
          rule: 'db-below-http-and-sessions',
          from: 'src/server/db/client.ts',
          to: 'src/server/http/route-helpers.ts',
        },
        {
          rule: 'db-below-http-and-sessions',
          from: 'src/server/db/schema.ts',
          to: 'src/server/sessions/session-store.ts',
        },
        {
          rule: 'adapters-below-http',
          from: 'src/server/adapters/mail/mailer.ts',
          to: 'src/server/http/route-helpers.ts',
        },
        {
          rule: 'db-and-adapters-below-config',
          from: 'src/server/db/database-config.ts',
          to: 'src/server/config.ts',
        },
        {
          rule: 'db-and-adapters-below-config',
          from: 'src/server/adapters/mail/mail-config.ts',
          to: 'src/server/config.ts',
        },
        {
          rule: 'sessions-below-http',
          from: 'src/server/sessions/session-store.ts',
          to: 'src/server/http/route-helpers.ts',
        },
        {
          rule: 'routes-not-database',
          from: 'src/server/features/estimates/routes.ts',
          to: 'src/server/db/schema.ts',
        },
        {
          rule: 'routes-not-database',
          from: 'src/server/features/estimates/routes.ts',
          to: 'node_modules/drizzle-orm/index.js',
        },
        {
          rule: 'routes-not-database',
          from: 'src/server/features/payments/webhook-routes.ts',
          to: 'src/server/db/client.ts',
        },
        {
          rule: 'client-plumbing-not-features',
          from: 'src/client/i18n/i18n.ts',
          to: 'src/client/features/estimates/page.tsx',
        },
        {
          rule: 'client-lib-below-components',
          from: 'src/client/lib/report-error.ts',
          to: 'src/client/components/ui/toast.ts',
        },
        {
          rule: 'client-i18n-below-lib',
          from: 'src/client/i18n/language-switch.tsx',
          to: 'src/client/lib/api.ts',
        },
        {
          rule: 'desk-not-customer-estimate-page',
          from: 'src/client/features/admin-estimates/screen.tsx',
          to: 'src/client/features/estimate-detail/shared.ts',
        },
      ]),
    );
  });

  it('refuse a loop between plumbing folders', async () => {
    const loops = (await violations(wrongDir, folderRules))
      .filter((violation) => violation.rule.name === 'no-plumbing-folder-loops')
      .map((violation) => [violation.from, violation.to].sort().join(' ↔ '));
    expect(new Set(loops)).toEqual(
      new Set([
        'src/server/http ↔ src/server/sessions',
        'src/client/i18n ↔ src/client/lib',
        'src/client/components/ui ↔ src/client/lib',
      ]),
    );
  });

  it('let the plumbing order and route files through a service pass', async () => {
    expect((await violations(rightDir, moduleRules)).map(brief)).toEqual([]);
    expect((await violations(rightDir, folderRules)).map(brief)).toEqual([]);
  });
});
