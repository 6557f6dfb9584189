// What the backup feature offers the rest of the app: import it from here, never from its inner files.

export { BackupError } from './backup-format.ts';
export { lastBackupAt } from './backup-runs.ts';
export { movePgliteToPostgres } from './move-pglite-to-postgres.ts';
export { registerBackups } from './register-backups.ts';
