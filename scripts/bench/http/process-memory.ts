// The memory of the server under test: its whole process tree (the node server and the embedded
// PostgreSQL's processes), read from /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** Every process under `root` (the watchdog shell and PostgreSQL's processes), and `root` itself. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] ?? 0) ?? []));
  return tree;
}

/**
 * The memory of the server's whole process tree: PSS (shared pages, such as PostgreSQL's shared
 * buffers, counted once across the processes that map them) and, for comparison, plain RSS summed.
 */
export function treeMemoryMb(root: number): { pssMb: number; rssMb: number; processes: number } {
  let pss = 0;
  let rss = 0;
  const tree = processTree(root);
  for (const pid of tree) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return { pssMb: pss / 1024, rssMb: rss / 1024, processes: tree.length };
}

/** Samples the tree's memory twice a second until stopped; the peak of the sums. */
export function sampleMemory(root: number) {
  const peak = { pssMb: 0, rssMb: 0, processes: 0 };
  const take = () => {
    const now = treeMemoryMb(root);
    peak.pssMb = Math.max(peak.pssMb, now.pssMb);
    peak.rssMb = Math.max(peak.rssMb, now.rssMb);
    peak.processes = Math.max(peak.processes, now.processes);
  };
  const timer = setInterval(take, 500);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/** Peak resident memory of the process so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
