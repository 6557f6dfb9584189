import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { translate } from '#client/i18n/i18n.ts';
import { navigateFully } from '#client/lib/redirect.ts';
import { logOut } from './api/log-out.ts';

/** Signs out, then loads the home page afresh so nothing of the account stays in memory. */
export async function signOut(): Promise<void> {
  try {
    await logOut();
  } catch (error) {
    reportMutationError(error, {
      title: translate('nav.logoutFailed'),
      fallback: translate('nav.tryAgain'),
    });
    return;
  }
  navigateFully('/');
}
