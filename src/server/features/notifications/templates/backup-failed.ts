import { TZDateMini } from '@date-fns/tz';
import { format } from 'date-fns';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { type RenderedMail, renderMail } from './layout.ts';

/** What the shop hears when a scheduled backup could not be made or did not pass its check. */
export interface BackupFailure {
  /** The time the backup was due. */
  scheduledFor: Date;
  /** BACKUP_DIR or s3://BACKUP_S3_BUCKET. */
  location: string;
  error: string;
}

export function backupFailedMail(failure: BackupFailure, appUrl: string, shop: ShopInfo): RenderedMail {
  const when = format(new TZDateMini(failure.scheduledFor.getTime(), SHOP_TIME_ZONE), 'MMM d, yyyy h:mm a');
  return renderMail(
    {
      subject: `Backup failed: ${when}`,
      greeting: 'Hello,',
      paragraphs: [
        `The scheduled backup of ${when} was not made. The backups made before it are still there.`,
        'Check the server log and the backup location, then make one by hand with npm run backup.',
      ],
      details: [
        ['Due', when],
        ['Backup location', failure.location],
      ],
      quote: { label: 'Error', text: failure.error },
      action: { label: 'Open the shop', url: `${appUrl}/admin` },
    },
    shop,
  );
}
