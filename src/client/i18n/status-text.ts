import { normalizeStatus } from '#domain/estimate-status.ts';
import type { MessageId } from './catalogs.ts';

/**
 * An estimate's status as the customer reads it, in the page's language (`common.status.*`); a value
 * that is no known status is shown as it is. Every status badge says it this way (the shop's pages are English).
 */
export function statusText(t: (id: MessageId) => string, value: string): string {
  const status = normalizeStatus(value);
  return status ? t(`common.status.${status}`) : value;
}
