import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import { DEFAULT_REPAIR_STAGES } from '#domain/repair-progress.ts';
import { entryText } from './entry-text.ts';

/** A language's common and estimate messages, as the page loads them. */
function messagesOf(language: string): Record<string, string> {
  const read = (namespace: string) =>
    JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, `../../i18n/locales/${language}/${namespace}.json`),
        'utf8',
      ),
    );
  return { ...read('common'), ...read('estimate') };
}

describe('a timeline entry in English', () => {
  const messages = messagesOf('en');
  const t = (id: MessageId) => messages[id] ?? id;

  it('labels statuses as the rest of the app does and stages by their name', () => {
    expect(entryText(t, { kind: 'status', name: 'in_progress' })).toBe('In Progress');
    for (const stage of DEFAULT_REPAIR_STAGES)
      expect(entryText(t, { kind: 'stage', name: stage })).toBe(stage);
  });

  it('says the car went home', () => {
    expect(entryText(t, { kind: 'pickup', name: 'picked_up' })).toBe('Car picked up');
  });
});

describe('a timeline entry in Spanish', () => {
  const messages = messagesOf('es');
  const t = (id: MessageId) => messages[id] ?? id;

  it('says the car went home', () => {
    expect(entryText(t, { kind: 'pickup', name: 'picked_up' })).toBe('Vehículo recogido');
  });

  it('names every default stage and every status in Spanish', () => {
    for (const stage of DEFAULT_REPAIR_STAGES) {
      expect(entryText(t, { kind: 'stage', name: stage }), stage).not.toMatch(/^estimate\.|^$/);
    }
    for (const status of ESTIMATE_STATUSES) {
      expect(entryText(t, { kind: 'status', name: status }), status).not.toMatch(/^common\./);
    }
    expect(entryText(t, { kind: 'stage', name: 'Parts ordered' })).toBe('Piezas pedidas');
    expect(entryText(t, { kind: 'status', name: 'in_progress' })).toBe('En reparación');
  });

  it('shows a stage the shop renamed as the shop wrote it', () => {
    expect(entryText(t, { kind: 'stage', name: 'Frame straightening' })).toBe('Frame straightening');
  });
});
