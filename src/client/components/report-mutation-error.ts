import { toastThen } from '#client/components/ui/toast-host.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { translate } from '#client/i18n/i18n.ts';
import { errorMessage, isUnauthorized, withReference } from '#client/lib/api.ts';
import { navigateFully, REDIRECT_DELAY_MS, signInUrlForHere } from '#client/lib/redirect.ts';

/**
 * A 401 means the session ended: say so and send the user to sign in again (spec: 'You are logged
 * out. Logging in again...', then /api/login after 500 ms). True when it handled the error.
 */
export function reportIfSignedOut(error: unknown): boolean {
  if (!isUnauthorized(error)) return false;
  toastThen(
    {
      title: translate('common.unauthorized'),
      description: translate('common.unauthorized.signedOut'),
      variant: 'destructive',
    },
    REDIRECT_DELAY_MS,
    () => navigateFully(signInUrlForHere()),
  );
  return true;
}

/**
 * Tells the customer a change failed, adding the server's reason when asked and it has one, and a
 * server failure's reference either way (the shop finds the request in its log by it). The server
 * states its reasons in English: a customer's screen passes `problem` to show them in its language.
 */
export function reportMutationError(
  error: unknown,
  {
    title = 'Error',
    fallback,
    withServerMessage = false,
    problem = (message: string) => message,
  }: {
    title?: string;
    fallback: string;
    withServerMessage?: boolean;
    problem?: (message: string) => string;
  },
): void {
  if (reportIfSignedOut(error)) return;
  const description = withReference(
    withServerMessage ? withServerDetail(error, fallback, problem) : fallback,
    error,
  );
  toast({ title, description, variant: 'destructive' });
}

/** The fallback sentence, followed by what the server said when it said something short and useful. */
function withServerDetail(error: unknown, fallback: string, problem: (message: string) => string): string {
  const detail = errorMessage(error, '').trim();
  if (!detail || detail === fallback || detail.length > 200 || detail.startsWith('<')) return fallback;
  return `${fallback} ${problem(detail)}`;
}
