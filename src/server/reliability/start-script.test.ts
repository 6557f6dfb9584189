import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '#server/project-path.ts';
import {
  type BackingDatabase,
  openBackingDatabase,
} from '#server/test-support/reliability/backing-database.ts';
import { type ServerProcess, startServerProcess } from '#server/test-support/reliability/server-process.ts';

const onLinux = process.platform === 'linux';

/** One of a process's environment variables, from the kernel's copy of what it started with. */
function environmentVariable(pid: number, name: string): string | undefined {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return entries.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The processes whose parent is `pid`, with their command names. */
function childrenOf(pid: number): string[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.map((child) => readFileSync(`/proc/${child}/comm`, 'utf8').trim());
}

describe.skipIf(!onLinux)('npm start’s server process (Linux)', () => {
  let database: BackingDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await openBackingDatabase('embedded');
    server = await startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    });
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await database?.dispose();
  });

  it('serves from the process npm start began, with two malloc arenas and its heap options', () => {
    const pid = server.child.pid ?? 0;
    expect(environmentVariable(pid, 'MALLOC_ARENA_MAX')).toBe(process.env.MALLOC_ARENA_MAX ?? '2');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(command).toContain('--max-semi-space-size=8');
    expect(command.at(-1)).toBe(projectPath('scripts/start.mjs'));
    // Replaced in place, not started again beneath: no second node holds the server's memory twice.
    expect(childrenOf(pid)).not.toContain('node');
  });
});

describe.skipIf(!onLinux)('restartWithTwoMallocArenas', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'malloc-arenas-'));
  const script = path.join(dir, 'report.mjs');
  writeFileSync(
    script,
    `import { restartWithTwoMallocArenas } from ${JSON.stringify(pathToFileURL(projectPath('scripts/malloc-arenas.mjs')).href)};
restartWithTwoMallocArenas();
console.log(JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null, argv: process.argv.slice(2), execArgv: process.execArgv }));
`,
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(environment: Record<string, string | undefined>) {
    const env = { ...process.env, ...environment };
    for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
    const result = spawnSync(process.execPath, ['--max-old-space-size=96', script, 'first', 'second'], {
      env,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    // The replaced process prints once: its first run never reaches the line.
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0] ?? '{}') as {
      pid: number;
      arenas: string | null;
      argv: string[];
      execArgv: string[];
    };
    return { ...report, startedPid: result.pid };
  }

  it('sets two arenas in the same process, keeping its node options and arguments', () => {
    const report = run({ MALLOC_ARENA_MAX: undefined });
    expect(report.arenas).toBe('2');
    expect(report.pid).toBe(report.startedPid);
    expect(report.argv).toEqual(['first', 'second']);
    expect(report.execArgv).toEqual(['--max-old-space-size=96']);
  });

  it('keeps an operator’s own setting and does not restart', () => {
    const report = run({ MALLOC_ARENA_MAX: '4' });
    expect(report.arenas).toBe('4');
    expect(report.argv).toEqual(['first', 'second']);
  });
});
