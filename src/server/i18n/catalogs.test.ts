import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_ANGLE_LABELS, FUEL_LEVEL_LABELS } from '#domain/check-in.ts';
import { DROP_OFF_SLOTS, dropOffSlotLabel, formatDropOffDate } from '#domain/drop-off-slots.ts';
import { LINE_KIND_LABELS, PART_TYPE_LABELS, PAYER_LABELS } from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';
import { DEFAULT_REPAIR_STAGES } from '#domain/repair-progress.ts';
import { SMS_OPT_OUT_LINE, SMS_STATUS_LINK_LABEL } from '#domain/text-messages.ts';
import { catalogNamespaces, describeCatalogs } from '#scripts/i18n/describe-catalogs.ts';
import { statutoryNotices } from '#server/features/documents/statutory-notices.ts';
import { stageWords } from '#server/features/notifications/templates/customer-texts.ts';
import { sampleDocument } from '#server/test-support/pdf.ts';
import { longDay, money, shopDate, shopTime } from './format.ts';
import { translator } from './translator.ts';

const LOCALES = path.join(import.meta.dirname, 'locales');

describeCatalogs('server message catalogs', LOCALES);

it('the server has the mail, text, document and note catalogs', () => {
  expect(catalogNamespaces(LOCALES).sort()).toEqual(['document', 'mail', 'note', 'text']);
});

describe('the English catalogs say what the rest of the app says', () => {
  const t = translator('en');

  it('line kinds, part types and payers as the estimate page labels them', () => {
    for (const [kind, label] of Object.entries(LINE_KIND_LABELS)) {
      expect(t(`document.lineKind.${kind}` as 'document.lineKind.part')).toBe(label);
    }
    for (const [type, label] of Object.entries(PART_TYPE_LABELS)) {
      expect(t(`document.partType.${type}` as 'document.partType.used')).toBe(label);
    }
    for (const [payer, label] of Object.entries(PAYER_LABELS)) {
      expect(t(`document.payer.${payer}` as 'document.payer.customer')).toBe(label);
    }
  });

  it("the check-in's default angles and its fuel levels, as the desk's page names them", () => {
    for (const [angle, label] of Object.entries(CHECK_IN_ANGLE_LABELS)) {
      expect(t(`document.checkInAngle.${angle}` as 'document.checkInAngle.front')).toBe(label);
    }
    expect(t('document.fuel.empty')).toBe(FUEL_LEVEL_LABELS.empty.toLowerCase());
    expect(t('document.fuel.full')).toBe(FUEL_LEVEL_LABELS.full.toLowerCase());
  });

  it("the repair stages, and a text's status link and opt-out line", () => {
    for (const stage of DEFAULT_REPAIR_STAGES) expect(stageWords(t, stage)).toBe(stage);
    expect(stageWords(translator('es'), 'Wheel alignment')).toBe('Wheel alignment');
    expect(t('text.statusLink')).toBe(SMS_STATUS_LINK_LABEL);
    expect(t('text.optOut')).toBe(SMS_OPT_OUT_LINE);
  });

  it('the statutory notices in their statutory words', () => {
    const document = sampleDocument();
    for (const kind of ['estimate', 'invoice'] as const) {
      for (const notice of statutoryNotices({ ...document, kind })) {
        expect(t(`document.notice.${notice.id}`, { rate: formatMoney(document.laborRate) })).toBe(
          notice.english,
        );
      }
    }
  });

  it('every Spanish opt-out keeps the keyword the carriers act on', () => {
    expect(translator('es')('text.optOut')).toContain('STOP');
    expect(translator('es')('text.help', { shop: 'S', phone: 'P' })).toContain('STOP');
  });
});

describe('amounts, days and times by language', () => {
  const at = new Date('2026-03-02T14:30:00Z');

  it('English as the app has always written them', () => {
    expect(money('en', '1234.5')).toBe(formatMoney('1234.5'));
    expect(money('en', null)).toBe('$0.00');
    expect(longDay('en', '2026-03-02')).toBe(formatDropOffDate('2026-03-02'));
    expect(shopDate('en', at)).toBe('Mar 2, 2026');
    expect(shopTime('en', at)).toBe('9:30 AM');
    for (const slot of DROP_OFF_SLOTS) expect(dropOffSlotLabel(slot.id, 'en')).toBe(slot.label);
  });

  it('Spanish with Intl for es-US, on the shop clock', () => {
    expect(money('es', '1234.5')).toBe('$1,234.50');
    expect(longDay('es', '2026-03-02')).toBe('lunes, 2 de marzo de 2026');
    expect(shopDate('es', at)).toBe('2 mar 2026');
    expect(shopTime('es', at)).toBe('9:30 a.m.');
    // 11:30 pm in Florida is already the next day in UTC.
    expect(shopDate('es', new Date('2026-03-03T04:30:00Z'))).toBe('2 mar 2026');
    expect(dropOffSlotLabel('14:00-16:00', 'es')).toBe('2:00 p.m. - 4:00 p.m.');
  });
});
