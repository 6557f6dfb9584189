import { CONSUMER_SIGN } from '#domain/consumer-rights.ts';
import { formatMoney } from '#domain/money.ts';
import type { RepairDocument } from './repair-document.ts';

/** One notice: which it is (its translation is `document.notice.<id>`) and its words in the statute's English. */
export interface StatutoryNotice {
  id:
    | 'laborRate'
    | 'shopSupplies'
    | 'estimateLimit'
    | 'partsMarked'
    | 'inspectParts'
    | 'storage'
    | 'consumerSign';
  english: string;
}

/**
 * The notices Florida's Motor Vehicle Repair Act asks the written estimate and the invoice to carry,
 * each with the section it comes from (docs/decisions/047 cites them), in the statute's English:
 * every document prints these words as they are, whatever its language.
 */
export function statutoryNotices(document: RepairDocument): StatutoryNotice[] {
  const notices: StatutoryNotice[] = [
    {
      id: 'laborRate',
      english: `Labor is charged at an hourly rate of ${formatMoney(document.laborRate)} per hour (F.S. 559.905(1)(g)).`,
    },
  ];
  // F.S. 559.905(1)(h) speaks of a charge: only a paint & materials line the customer pays something for.
  const suppliesCharged = document.lines.some(
    (line) => line.kind === 'materials' && !line.declined && Number(line.amount) > 0,
  );
  if (suppliesCharged) {
    notices.push({
      id: 'shopSupplies',
      english:
        'This charge represents costs and profits to the motor vehicle repair facility for miscellaneous shop supplies or waste disposal (F.S. 559.905(1)(h)).',
    });
  }
  // F.S. 559.905(1)(n): the daily storage charge after the customer is told the repair is done (none
  // printed when the shop charges none); storage begins on the fourth business day (decision 072).
  const storageRate = document.shop.storageDailyRate;
  if (storageRate) {
    notices.push({
      id: 'storage',
      english: `Storage is charged at ${formatMoney(storageRate)} a day for a vehicle left at the shop after the customer is notified that the repair is completed, from the fourth business day after that notice until it is picked up (F.S. 559.905(1)(n)).`,
    });
  }
  if (document.kind === 'estimate') {
    notices.push({
      id: 'estimateLimit',
      english:
        'The shop will not charge more than this estimate by more than $10 or 10 percent, whichever is greater, up to $50, without your consent, written or oral (F.S. 559.909).',
    });
  } else {
    notices.push({
      id: 'partsMarked',
      english:
        'Every part is marked new (OEM or aftermarket), used or rebuilt; parts marked used or rebuilt are not new (F.S. 559.911).',
    });
  }
  notices.push({
    id: 'inspectParts',
    english: 'You may ask to inspect the parts replaced on your vehicle (F.S. 559.909).',
  });
  // The sign F.S. 559.916 asks the shop to post: the consumer hotline and the replaced-parts right.
  notices.push({ id: 'consumerSign', english: CONSUMER_SIGN.en });
  return notices;
}
