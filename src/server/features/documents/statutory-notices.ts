import { formatMoney } from '#domain/money.ts';
import type { RepairDocument } from './repair-document.ts';

/**
 * The notices Florida's Motor Vehicle Repair Act asks the written estimate and the invoice to carry,
 * each with the section it comes from (docs/decisions/047 cites them).
 */
export function statutoryNotices(document: RepairDocument): string[] {
  const notices = [
    `Labor is charged at an hourly rate of ${formatMoney(document.laborRate)} per hour (F.S. 559.905(1)(g)).`,
  ];
  if (document.lines.some((line) => line.kind === 'materials' && !line.declined)) {
    notices.push(
      'This charge represents costs and profits to the motor vehicle repair facility for miscellaneous shop supplies or waste disposal (F.S. 559.905(1)(h)).',
    );
  }
  if (document.kind === 'estimate') {
    notices.push(
      'The shop will not charge more than this estimate by more than $10 or 10 percent, whichever is greater, up to $50, without your consent, written or oral (F.S. 559.909).',
    );
  } else {
    notices.push(
      'Every part is marked new (OEM or aftermarket), used or rebuilt; parts marked used or rebuilt are not new (F.S. 559.911).',
    );
  }
  notices.push('You may ask to inspect the parts replaced on your vehicle (F.S. 559.909).');
  return notices;
}
