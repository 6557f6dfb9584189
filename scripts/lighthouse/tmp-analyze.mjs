import * as require_zlib from 'node:zlib';
import { build } from 'vite';
const target = process.argv[2] ?? 'index';
await build({
  configFile: '/work/main/vite.config.ts',
  logLevel: 'silent',
  build: { outDir: '/tmp/perf/dist-analyze', emptyOutDir: true, write: true },
  plugins: [{
    name: 'analyze',
    generateBundle(_, bundle) {
      const { gzipSync } = require_zlib;
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      const seen = new Set(); const walk = (n) => { if (seen.has(n)) return; seen.add(n); for (const i of bundle[n].imports) walk(i); };
      walk(entry.fileName);
      let total = 0; for (const n of seen) { const g = gzipSync(bundle[n].code, { level: 9 }).length; total += g; console.log('  first-load', n, g); }
      for (const n of Object.keys(bundle)) if (n.endsWith('.css')) console.log('  css', n, gzipSync(bundle[n].source, {level:9}).length);
      console.log('  FIRST LOAD JS gz', total);
      for (const [name, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk' || !name.includes(target)) continue;
        console.log('==', name, c.code.length, 'imports:', c.imports.join(','), 'dyn:', c.dynamicImports.length);
        const mods = Object.entries(c.modules).map(([id, m]) => [m.renderedLength, id.replace(/.*node_modules\//, 'nm:').replace('/work/main/', '')]);
        mods.sort((a, b) => b[0] - a[0]);
        const groups = {};
        for (const [len, id] of mods) { const k = id.startsWith('nm:') ? id.split('/').slice(0, id.startsWith('nm:@') ? 2 : 1).join('/') : id; groups[k] = (groups[k] ?? 0) + len; }
        for (const [k, v] of Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(v).padStart(8), k);
      }
    },
  }],
});
