import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { translate } from '#client/i18n/i18n.ts';
import { apiRequest } from '#client/lib/api.ts';
import { navigateFully } from '#client/lib/redirect.ts';

/**
 * Signs out with POST /api/logout (a GET could be triggered by another site), then loads the home page
 * afresh so nothing of the account stays in memory.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    reportMutationError(error, {
      title: translate('nav.logoutFailed'),
      fallback: translate('nav.tryAgain'),
    });
    return;
  }
  navigateFully('/');
}
