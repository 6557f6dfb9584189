/**
 * The check a scheduled backup gets inside the server (verifyBackup), alone: `history-backup.ts` runs it
 * with `npm start`'s node options, so a check that needs more than the server's heap fails there.
 *
 *   node --import tsx scripts/bench/verify-backup.ts FILE
 */
import { verifyBackup } from '#server/features/backup/read-backup.ts';

const file = process.argv[2];
if (!file) throw new Error('Usage: verify-backup.ts FILE');
const { objects } = await verifyBackup(file);
console.log(`Checked ${file}: ${objects.count} objects, every checksum and row count as its manifest says.`);
