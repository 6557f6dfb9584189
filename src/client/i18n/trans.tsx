import type { TransProps } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import { useLingui } from './i18n-provider.tsx';
import { shopMessageValues } from './shop-values.ts';

/**
 * Lingui's `<Trans>` (a message with links or emphasis inside): its renderer, given the page's
 * messages from the app's provider (i18n-provider.tsx). Imported from here, it comes only with the
 * screens that use it.
 */
export function Trans(props: TransProps) {
  const lingui = useLingui();
  return <TransNoContext {...props} values={{ ...shopMessageValues(), ...props.values }} lingui={lingui} />;
}
