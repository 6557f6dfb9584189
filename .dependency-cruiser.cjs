// Import boundaries, checked by `npm run lint`. Each rule says which way dependencies may run; the
// folder map in docs/ARCHITECTURE.md explains the layers.
const TEST_FILE = '(\\.test\\.tsx?$|^src/server/test-support/|^tests/)';
/** What runs: the server, its command-line tools and the browser app. */
const ENTRY_POINTS =
  '^src/(server/main\\.ts|server/cli/(backup|restore|create-admin|seed-demo)\\.ts|client/((main|prerender)\\.tsx|landing-start\\.ts))$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a loop.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'src/domain holds pure rules shared by both sides: it imports neither side, nor I/O or UI libraries.',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(server|client)/', 'node_modules/(react|react-dom|fastify|drizzle-orm|pg)/'] },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'The browser app never imports server code.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-plumbing-not-features',
      severity: 'error',
      comment: 'http/, db/, adapters/, sessions/ and errors/ sit below the features and import none of them.',
      from: { path: '^src/server/(http|db|adapters|sessions|errors|passwords)/' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'client-plumbing-not-features',
      severity: 'error',
      comment: 'Client components/ and lib/ sit below the screens and import no feature.',
      from: { path: '^src/client/(components|lib)/' },
      to: { path: '^src/client/features/' },
    },
    {
      name: 'features-meet-through-shared-files',
      severity: 'error',
      comment:
        "A feature reaches another only through that feature's shared.ts (what it offers the others), never its inner files.",
      from: { path: '^src/(server|client)/features/([^/]+)/', pathNot: TEST_FILE },
      to: {
        path: '^src/$1/features/[^/]+/',
        pathNot: ['^src/$1/features/$2/', '^src/(server|client)/features/[^/]+/shared\\.tsx?$'],
      },
    },
    {
      name: 'test-support-only-in-tests',
      severity: 'error',
      comment: 'Test scaffolding is imported by tests (and other test support) only.',
      from: { path: '^(src|scripts)/', pathNot: TEST_FILE },
      to: { path: '^src/server/test-support/' },
    },
    {
      name: 'no-test-only-source',
      severity: 'error',
      comment:
        'A source file that no running program reaches is test scaffolding (move it to src/server/test-support/) or dead code (delete it).',
      from: { path: ENTRY_POINTS },
      to: {
        path: '^src/',
        // Catalogs are loaded by import.meta.glob and server/i18n's file reads, which the cruiser cannot follow.
        pathNot: [
          TEST_FILE,
          ENTRY_POINTS,
          '\\.d\\.ts$',
          '^src/server/db/migrations/',
          '^src/(client|server)/i18n/locales/',
        ],
        reachable: false,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|bench-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
