import { ArrowLeft, FileSignature } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useEstimate } from '#client/features/estimates/shared.ts';
import {
  authorizationPdfUrl,
  type SignRequest,
  useAuthorization,
  useSignAuthorization,
} from '#client/features/repair-authorizations/shared.ts';
import { formatMoney } from '#client/i18n/format.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage } from '#client/lib/api.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shopDateTime } from '#client/lib/format-date.ts';
import { CONSUMER_SIGN } from '#domain/consumer-rights.ts';
import { estimateReference } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { toCents } from '#domain/money.ts';
import { type EstimateChoice, isSignable, limitCents } from '#domain/repair-authorization.ts';
import { EstimateNotFound } from './estimate-not-found.tsx';
import { ItemisedLines } from './itemised-lines.tsx';
import { SignatureField } from './signature-field.tsx';

/**
 * /estimate/{id}/authorize: the customer reviews the approved estimate and signs it with a finger,
 * on their phone or on the counter's tablet (staff signed in). The only page that loads signature_pad.
 */
export function AuthorizePage() {
  const { id = '' } = useParams<{ id: string }>();
  const t = useT();
  const { data: estimate, isLoading } = useEstimate(id);
  const signable = estimate ? isSignable(estimate.status) : false;
  const signed = Boolean(estimate?.authorizedAt);
  const { data: fetched, isLoading: loadingCurrent } = useAuthorization(id, signable && signed);
  const current = signed ? fetched : null;

  if (isLoading || (signable && signed && loadingCurrent)) return <FullPageSpinner />;
  if (!estimate) return <EstimateNotFound />;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 px-4 py-4 sm:py-8">
      <Link
        href={`/estimate/${encodeURIComponent(estimate.id)}`}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        {t('estimate.authorize.back')}
      </Link>
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <FileSignature className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        {t('estimate.authorize.title')}
      </h1>
      {!signable ? (
        <p role="status" className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          {t('estimate.authorize.notSignable')}
        </p>
      ) : (
        <>
          <ReviewCard estimate={estimate} />
          <SigningForm estimate={estimate} alreadySigned={current ?? null} />
        </>
      )}
    </main>
  );
}

function ReviewCard({ estimate }: { estimate: EstimateDetail }) {
  const t = useT();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          {t('estimate.summary.title', { reference: estimateReference(estimate.id) })}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('estimate.authorize.review')}</p>
      </CardHeader>
      <CardContent className="space-y-3">
        {estimate.lines.length > 0 ? (
          <ItemisedLines estimate={estimate} declined={[]} onToggle={() => {}} choosing={false} />
        ) : (
          <p className="text-lg font-semibold text-slate-900">
            {formatMoney(estimate.estimatedAmount ?? '0')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

type Errors = Partial<
  Record<'signerName' | 'limitAmount' | 'signature' | 'claimNumber' | 'replaceReason', string>
>;

function SigningForm({
  estimate,
  alreadySigned,
}: {
  estimate: EstimateDetail;
  alreadySigned: { signerName: string; signedAt: string } | null;
}) {
  const t = useT();
  const { user } = useAuth();
  const sign = useSignAuthorization(estimate.id);
  const insured = Boolean(estimate.insuranceCompany);
  const [signerName, setSignerName] = useState(
    user && !user.isAdmin ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
  );
  const [choice, setChoice] = useState<EstimateChoice>('written');
  const [limitAmount, setLimitAmount] = useState('');
  const [partsBack, setPartsBack] = useState(false);
  const [directPay, setDirectPay] = useState(insured);
  const [insurer, setInsurer] = useState(estimate.insuranceCompany ?? '');
  const [claimNumber, setClaimNumber] = useState('');
  const [replaceReason, setReplaceReason] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [signed, setSigned] = useState<{ signedAt: string; contentHash: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!signerName.trim()) found.signerName = t('estimate.authorize.nameRequired');
    const limit = choice === 'limit' ? limitCents(limitAmount) : null;
    const approvedCents = toCents(estimate.approvedAmount) ?? 0;
    if (choice === 'limit' && limit === null) found.limitAmount = t('estimate.authorize.limitRequired');
    else if (limit !== null && limit < approvedCents) {
      found.limitAmount = t('estimate.authorize.limitBelowApproved', {
        amount: formatMoney(estimate.approvedAmount),
      });
    }
    if (!signature) found.signature = t('estimate.authorize.signatureRequired');
    if (directPay && !claimNumber.trim()) found.claimNumber = t('estimate.authorize.claimRequired');
    if (alreadySigned && !replaceReason.trim()) found.replaceReason = t('estimate.authorize.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !signature) return;
    const request: SignRequest = {
      signerName: signerName.trim(),
      signature,
      estimateChoice: choice,
      returnReplacedParts: partsBack,
      ...(choice === 'limit' ? { limitAmount } : {}),
      ...(directPay ? { directionToPay: { insurer: insurer.trim(), claimNumber: claimNumber.trim() } } : {}),
      ...(alreadySigned ? { replaceReason: replaceReason.trim() } : {}),
    };
    sign.mutate(request, { onSuccess: (authorization) => setSigned(authorization) });
  };

  if (signed) {
    return (
      <Card>
        <CardContent className="space-y-3 pt-5">
          <p role="status" className="font-semibold text-slate-900">
            {t('estimate.authorize.done', { when: shopDateTime(signed.signedAt) ?? '' })}
          </p>
          <a
            href={authorizationPdfUrl(estimate.id)}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: 'primary' })}
          >
            {t('estimate.authorize.openPdf')}
          </a>
        </CardContent>
      </Card>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {alreadySigned && (
        <Card>
          <CardContent className="space-y-3 pt-5">
            <p className="text-sm text-slate-700">
              {t('estimate.authorize.alreadySigned', {
                name: alreadySigned.signerName,
                when: shopDateTime(alreadySigned.signedAt) ?? '',
              })}{' '}
              <a
                href={authorizationPdfUrl(estimate.id)}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 underline"
              >
                {t('estimate.authorize.openPdf')}
              </a>
            </p>
            <div className="space-y-1.5">
              <Label htmlFor="replace-reason">{t('estimate.authorize.reason')}</Label>
              <Textarea
                id="replace-reason"
                value={replaceReason}
                onChange={(event) => setReplaceReason(event.target.value)}
                aria-invalid={errors.replaceReason ? true : undefined}
                aria-describedby={errors.replaceReason ? 'replace-reason-error' : undefined}
                className="min-h-20"
              />
              {errors.replaceReason && (
                <p id="replace-reason-error" className="text-sm font-medium text-brand-700">
                  {errors.replaceReason}
                </p>
              )}
            </div>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent className="space-y-5 pt-5">
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">
              {t('estimate.authorize.choiceLegend')}
            </legend>
            {(['written', 'waived', 'limit'] as const).map((value) => (
              <label
                key={value}
                className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm"
              >
                <input
                  type="radio"
                  name="estimate-choice"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>{t(`estimate.authorize.choice.${value}`)}</span>
              </label>
            ))}
            {choice === 'limit' && (
              <TextField
                id="limit-amount"
                label={t('estimate.authorize.limitLabel')}
                inputMode="decimal"
                value={limitAmount}
                onChange={(event) => setLimitAmount(event.target.value)}
                error={errors.limitAmount}
              />
            )}
          </fieldset>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={partsBack}
              onChange={(event) => setPartsBack(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span>{t('estimate.authorize.partsBack')}</span>
          </label>
          {insured && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">
                {t('estimate.authorize.directionLegend')}
              </legend>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  checked={directPay}
                  onChange={(event) => setDirectPay(event.target.checked)}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>{t('estimate.authorize.directPay')}</span>
              </label>
              {directPay && (
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    id="insurer"
                    label={t('estimate.authorize.insurer')}
                    value={insurer}
                    onChange={(event) => setInsurer(event.target.value)}
                  />
                  <TextField
                    id="claim-number"
                    label={t('estimate.authorize.claimNumber')}
                    value={claimNumber}
                    onChange={(event) => setClaimNumber(event.target.value)}
                    error={errors.claimNumber}
                  />
                </div>
              )}
            </fieldset>
          )}
          <TextField
            id="signer-name"
            label={t('estimate.authorize.name')}
            autoComplete="name"
            value={signerName}
            onChange={(event) => setSignerName(event.target.value)}
            error={errors.signerName}
          />
          <SignatureField
            id="signature"
            error={errors.signature}
            onChange={(dataUrl) => {
              setSignature(dataUrl);
              if (dataUrl) setErrors(({ signature: _signed, ...rest }) => rest);
            }}
          />
          <p className="rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-700">
            {CONSUMER_SIGN[currentLanguage()]}
          </p>
          {sign.error && (
            <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
              {errorMessage(sign.error, t('estimate.authorize.failed'))}
            </p>
          )}
          <Button type="submit" size="lgWrap" className="w-full" disabled={sign.isPending}>
            {t('estimate.authorize.submit')}
          </Button>
        </CardContent>
      </Card>
    </form>
  );
}
