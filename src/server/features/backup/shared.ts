// What the backup feature offers the rest of the app: import it from here, never from its inner files.
export { lastBackupAt } from './backup-runs.ts';
export { registerBackups } from './register-backups.ts';
