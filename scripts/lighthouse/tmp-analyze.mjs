import { build } from 'vite';

const target = process.argv[2] ?? 'index';
await build({
  configFile: '/work/main/vite.config.ts',
  logLevel: 'silent',
  build: { outDir: '/tmp/perf/dist-analyze', emptyOutDir: true, manifest: false },
  plugins: [
    {
      name: 'analyze',
      generateBundle(_, bundle) {
        for (const [name, c] of Object.entries(bundle)) {
          if (c.type !== 'chunk' || !name.includes(target)) continue;
          console.log('==', name, c.code.length, 'imports:', c.imports.join(','));
          const mods = Object.entries(c.modules).map(([id, m]) => [
            m.renderedLength,
            id.replace(/.*node_modules\//, 'nm:').replace('/work/main/', ''),
          ]);
          mods.sort((a, b) => b[0] - a[0]);
          const groups = {};
          for (const [len, id] of mods) {
            const k = id.startsWith('nm:')
              ? id
                  .split('/')
                  .slice(0, id.startsWith('nm:@') ? 2 : 1)
                  .join('/')
              : id;
            groups[k] = (groups[k] ?? 0) + len;
          }
          for (const [k, v] of Object.entries(groups)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12))
            console.log(String(v).padStart(8), k);
        }
      },
    },
  ],
});
