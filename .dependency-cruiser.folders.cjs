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
  ],
  options: {
    ...options,
    exclude: {
      path: ['^(dist|data|bench-results)/', '\\.test\\.tsx?$', '^src/server/test-support/', '^tests/'],
    },
  },
};
