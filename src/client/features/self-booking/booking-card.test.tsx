import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { activateLanguage } from '#client/i18n/i18n.ts';
import { I18nProvider } from '#client/i18n/i18n-provider.tsx';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import type { TimelineEntry } from '#domain/repair-progress.ts';
import { BookDropOffCard, ChangeDropOff } from './booking-card.tsx';

const ID = '0b9d1c36-3c5e-4b8a-9f0e-5f2a8c1d7e41';
const approvedAt: TimelineEntry = { kind: 'status', name: 'approved', at: '2026-03-02T15:00:00Z' };
const checkedIn: TimelineEntry = { kind: 'check_in', name: 'checked_in', at: '2026-03-03T13:00:00Z' };

/** The card on an estimate page whose estimate (with this timeline) is already loaded. */
async function render(timeline: TimelineEntry[], element: ReactElement) {
  await activateLanguage('en', 'estimate');
  const queryClient = new QueryClient();
  // Only the timeline matters to the cards: the rest of the estimate is not read.
  queryClient.setQueryData(estimateKey(ID), {
    id: ID,
    status: 'approved',
    timeline,
  } as unknown as EstimateDetail);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>{element}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe("the customer's drop-off booking card", () => {
  afterAll(() => activateLanguage('en'));

  it('offers the windows while the car is still to come in', async () => {
    expect(await render([approvedAt], <BookDropOffCard estimateId={ID} />)).toContain('Book your drop-off');
  });

  it('is gone once the shop checked the car in, and so are moving and cancelling', async () => {
    expect(await render([approvedAt, checkedIn], <BookDropOffCard estimateId={ID} />)).toBe('');
    const later = '2999-01-04';
    expect(await render([approvedAt], <ChangeDropOff estimateId={ID} date={later} />)).toContain(
      'Cancel drop-off',
    );
    expect(await render([approvedAt, checkedIn], <ChangeDropOff estimateId={ID} date={later} />)).toBe('');
  });
});
