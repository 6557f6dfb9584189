/**
 * On Linux, glibc's malloc gives threads arenas of their own and keeps what was freed in each of them.
 * With two arenas the busy server measured 15–20 MB less at its peak under load
 * (docs/decisions/057-a-leaner-server-process.md). glibc reads the setting only when a process starts,
 * so the start script replaces its own process with one that has it: the same process id (no parent
 * left behind for systemd or a signal to miss), the same node options and arguments. An operator's own
 * MALLOC_ARENA_MAX is kept; other systems' allocators have no such setting.
 */
export function restartWithTwoMallocArenas() {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX !== undefined) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
  });
}
