import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOG = /[\\/]src[\\/]client[\\/]i18n[\\/]locales[\\/][a-z]{2}[\\/][\w-]+\.json$/;

/**
 * Compiles the customer side's message catalogs (src/client/i18n) with Lingui's own compiler as they
 * are bundled, so the browser gets ready-to-format messages and no ICU parser. The result is JSON
 * again, which Vite's JSON handling turns into a module as before.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'lingui-catalogs',
    enforce: 'pre',
    transform: {
      filter: { id: CATALOG },
      handler(source) {
        const messages = JSON.parse(source) as Record<string, string>;
        const compiled = Object.fromEntries(
          Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]),
        );
        return { code: JSON.stringify(compiled), map: null };
      },
    },
  };
}
