import type { MessageId } from './catalogs.ts';
import { useLingui } from './i18n-provider.tsx';
import { shopMessageValues } from './shop-values.ts';

/** `t('estimate.title', {name})` in the page's language; re-renders when the language changes. */
export function useT(): (id: MessageId, values?: Record<string, unknown>) => string {
  const { _ } = useLingui();
  return (id, values) => _(id, { ...shopMessageValues(), ...values });
}
