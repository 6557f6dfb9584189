import type { ChildProcess } from 'node:child_process';

/** A server started by `startServerProcess`, healthy when handed out. */
export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has ended, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the process wrote, for the message of a failure. */
  output(): string;
  /** SIGKILL if still running; never throws. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful shutdown), then SIGKILL if it has not ended after a grace period. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Node's arguments: its options and the script. */
  args: string[];
  cwd: string;
  /** Over process.env and HOST/PORT. */
  env?: Record<string, string>;
  /** Unset: a free one. */
  port?: number;
  /** Default /api/health. */
  healthPath?: string;
  /** Default 150 s. */
  startTimeoutMs?: number;
}

export function freePort(): Promise<number>;
export function isHealthy(baseUrl: string, healthPath?: string): Promise<boolean>;
export function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void>;
export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess>;
