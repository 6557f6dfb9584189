import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type BackupTarget, isBackupName } from './backup-target.ts';

/** Backups as files in one folder (created when missing); each is written in place and renamed when complete. */
export class DiskBackupTarget implements BackupTarget {
  readonly kind = 'disk';

  constructor(private readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  async stagingFile(name: string): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    return path.join(this.dir, name);
  }

  async store(_name: string, file: string): Promise<number> {
    return (await stat(file)).size;
  }

  async discard(file: string): Promise<void> {
    await rm(file, { force: true });
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return names.filter(isBackupName).sort();
  }

  async delete(name: string): Promise<void> {
    if (!isBackupName(name)) throw new Error(`not a backup name: ${name}`);
    await rm(path.join(this.dir, name), { force: true });
  }
}
