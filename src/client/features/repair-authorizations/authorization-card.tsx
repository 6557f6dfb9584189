import { FileSignature } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shopDateTime } from '#client/lib/format-date.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { isSignable } from '#domain/repair-authorization.ts';
import { authorizationPdfUrl, authorizePagePath, useAuthorization } from './api/authorization.ts';

/**
 * The signed repair authorisation: a link to sign the approved estimate, then who signed and when,
 * with the signed PDF. On the customer's page, and on the shop's (where the tablet at the counter
 * opens the same signing page).
 */
export function AuthorizationCard({
  estimateId,
  status,
  authorizedAt,
}: {
  estimateId: string;
  status: string;
  authorizedAt: string | null;
}) {
  const t = useT();
  const titleId = useId();
  // After the repair the signed one is still shown; nothing is offered for signing any more.
  const canSign = isSignable(status);
  const shown = canSign || normalizeStatus(status) === 'completed';
  const signed = authorizedAt !== null;
  const { data: fetched, isLoading } = useAuthorization(estimateId, shown && signed);
  const current = signed ? fetched : null;
  if (!shown || (signed && isLoading) || (!current && !canSign)) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <FileSignature className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {t('estimate.authorize.cardTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        {current ? (
          <>
            <p>
              {t('estimate.authorize.alreadySigned', {
                name: current.signerName,
                when: shopDateTime(current.signedAt) ?? '',
              })}
            </p>
            <a
              href={authorizationPdfUrl(estimateId)}
              target="_blank"
              rel="noopener"
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              {t('estimate.authorize.openPdf')}
            </a>
          </>
        ) : (
          <>
            <p>{t('estimate.authorize.cardPrompt')}</p>
            <Link
              href={authorizePagePath(estimateId)}
              className={buttonVariants({ variant: 'primary', size: 'sm' })}
            >
              {t('estimate.authorize.cardSign')}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
