import path from 'node:path';
import { describeCatalogs } from '#scripts/i18n/describe-catalogs.ts';

describeCatalogs('message catalogs', path.join(import.meta.dirname, 'locales'));
