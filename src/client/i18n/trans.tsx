import { type TransProps, useLingui } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';

/**
 * Lingui's `<Trans>` (a message with links or emphasis inside), made of the same two parts as the
 * one `@lingui/react` exports. Imported from here, its renderer comes only with the screens that use
 * it: through `@lingui/react` it would ride in the entry, and so on every first page.
 */
export function Trans(props: TransProps) {
  const lingui = useLingui();
  return <TransNoContext {...props} lingui={lingui} />;
}
