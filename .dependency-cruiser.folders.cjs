// Folder-level loops between features, judged on what runs: tests may reach across features freely.
const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-folder-loops',
      severity: 'error',
      scope: 'folder',
      comment: 'Two features must not depend on each other: one of them owns what both need.',
      from: { path: '^src/(server|client)/features/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'no-plumbing-folder-loops',
      severity: 'error',
      scope: 'folder',
      comment:
        'Plumbing folders are stacked (server: db/ and adapters/, sessions/, http/; client: i18n/, lib/, components/): none depends on one above it.',
      from: { path: '^src/(server/(http|db|adapters|sessions|i18n)|client/(lib|components|i18n))(/|$)' },
      to: { circular: true },
    },
  ],
  options: {
    ...options,
    exclude: {
      path: ['^(dist|data|bench-results)/', '\\.test\\.tsx?$', '^src/server/test-support/', '^tests/'],
    },
  },
};
