// Import boundaries, checked by `npm run lint`. Each rule says which way dependencies may run; the
// folder map in docs/ARCHITECTURE.md explains the layers.
const TEST_FILE = '(\\.test\\.tsx?$|^src/server/test-support/|^tests/)';
/** Server folders and files below the features; from the bottom: db/ and adapters/, config.ts, sessions/, http/. */
const SERVER_PLUMBING =
  '^src/server/((http|db|adapters|sessions|i18n)/|(config|app-error|password-hash|project-path)\\.ts$)';
/** The files of a feature that register its HTTP routes. */
const ROUTE_FILE = '^src/server/features/[^/]+/[^/]*routes\\.ts$';
/** What runs: the server, its command-line tools and the browser app. */
const ENTRY_POINTS =
  '^src/(server/main\\.ts|server/cli/(backup|restore|create-admin|seed-demo|seed-history)\\.ts|client/((main|prerender)\\.tsx|landing-start\\.ts))$';

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
      comment:
        'Server plumbing (http/, db/, adapters/, sessions/, i18n/ and the top-level config.ts, app-error.ts, password-hash.ts, project-path.ts) sits below the features and imports none of them.',
      from: { path: SERVER_PLUMBING, pathNot: TEST_FILE },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'db-below-http-and-sessions',
      severity: 'error',
      comment: 'db/ sits below sessions/ and http/: the database knows nothing of cookies or requests.',
      from: { path: '^src/server/db/', pathNot: TEST_FILE },
      to: { path: '^src/server/(http|sessions)/' },
    },
    {
      name: 'adapters-below-http',
      severity: 'error',
      comment:
        'adapters/ (mail, texts, payments, storage, Google) serve any caller and know nothing of HTTP.',
      from: { path: '^src/server/adapters/', pathNot: TEST_FILE },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'db-and-adapters-below-config',
      severity: 'error',
      comment:
        "db/ and each adapter own their settings' types and parsers; config.ts composes them, so neither imports config.ts.",
      from: { path: '^src/server/(db|adapters)/', pathNot: TEST_FILE },
      to: { path: '^src/server/config\\.ts$' },
    },
    {
      name: 'sessions-below-http',
      severity: 'error',
      comment:
        'sessions/ turns a cookie into a session (one way); the request hooks that use it live in http/, above it.',
      from: { path: '^src/server/sessions/', pathNot: TEST_FILE },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'routes-not-database',
      severity: 'error',
      comment:
        "A route file (routes.ts, *-routes.ts) reads the request and answers; its feature's service does the database work. Type-only imports pass: a route hands the Db handle on.",
      from: { path: ROUTE_FILE },
      to: { path: ['^src/server/db/', 'node_modules/drizzle-orm/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-plumbing-not-features',
      severity: 'error',
      comment: 'Client components/, lib/ and i18n/ sit below the screens and import no feature.',
      from: { path: '^src/client/(components|lib|i18n)/', pathNot: TEST_FILE },
      to: { path: '^src/client/features/' },
    },
    {
      name: 'client-lib-below-components',
      severity: 'error',
      comment: 'Client lib/ holds helpers without UI; components/ build on it, never the other way.',
      from: { path: '^src/client/lib/', pathNot: TEST_FILE },
      to: { path: '^src/client/components/' },
    },
    {
      name: 'client-i18n-below-lib',
      severity: 'error',
      comment:
        'Client i18n/ (catalogs, translate, formats) sits below lib/: lib/ may translate, i18n/ calls no API.',
      from: { path: '^src/client/i18n/', pathNot: TEST_FILE },
      to: { path: '^src/client/(lib|components)/' },
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
      name: 'desk-not-customer-estimate-page',
      severity: 'error',
      comment:
        "The shop's screens share what they show with the customer's estimate page through features of their own (photos, repair-authorizations), not through the page's feature.",
      from: { path: '^src/client/features/admin-[^/]+/', pathNot: TEST_FILE },
      to: { path: '^src/client/features/estimate-detail/' },
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
