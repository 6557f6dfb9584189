import type { BackupTarget, BackupTargetConfig } from './backup-target.ts';
import { DiskBackupTarget } from './disk-backup-target.ts';

/** The folder or the bucket, as configured. The AWS SDK is loaded only for a bucket. */
export async function createBackupTarget(config: BackupTargetConfig): Promise<BackupTarget> {
  if (config.kind === 'disk') return new DiskBackupTarget(config.dir);
  const { S3BackupTarget } = await import('./s3-backup-target.ts');
  return new S3BackupTarget(config);
}
