import type { MessageId } from '#client/i18n/catalogs.ts';
import { statusText } from '#client/i18n/status-text.ts';
import { DEFAULT_REPAIR_STAGES, type TimelineEntry } from '#domain/repair-progress.ts';

type DefaultStage = (typeof DEFAULT_REPAIR_STAGES)[number];

/**
 * The default stages as the customer reads them. The shop records and sees them in English (the
 * domain's names); a stage the shop renamed (SHOP_REPAIR_STAGES) is shown as the shop wrote it.
 */
const STAGE_TEXT: Record<DefaultStage, MessageId> = {
  'Parts ordered': 'estimate.stage.parts_ordered',
  'Parts received': 'estimate.stage.parts_received',
  'Body repair': 'estimate.stage.body_repair',
  Paint: 'estimate.stage.paint',
  Reassembly: 'estimate.stage.reassembly',
  'Quality check': 'estimate.stage.quality_check',
  'Ready for pickup': 'estimate.stage.ready_for_pickup',
};

const isDefaultStage = (name: string): name is DefaultStage =>
  (DEFAULT_REPAIR_STAGES as readonly string[]).includes(name);

/**
 * What the customer reads for an entry, in the page's language: the status, the pickup, the check-in,
 * the ready notice, or the stage's name.
 */
export function entryText(t: (id: MessageId) => string, entry: Pick<TimelineEntry, 'kind' | 'name'>): string {
  if (entry.kind === 'status') return statusText(t, entry.name);
  if (entry.kind === 'pickup') return t('estimate.timeline.pickedUp');
  if (entry.kind === 'check_in') return t('estimate.timeline.checkedIn');
  if (entry.kind === 'ready_notice') return t('estimate.timeline.readyNotified');
  return isDefaultStage(entry.name) ? t(STAGE_TEXT[entry.name]) : entry.name;
}
