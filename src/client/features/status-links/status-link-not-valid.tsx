import { LinkIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '#client/components/ui/card.tsx';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import { STATUS_LINK_TTL_DAYS } from '#domain/status-links.ts';

/** A tampered, expired, revoked or unknown status link: one plain page for all (the server said 404). */
export function StatusLinkNotValid() {
  const t = useT();
  return (
    <Card className="mx-auto w-full max-w-md p-6">
      <div className="flex items-center gap-3">
        <LinkIcon className="size-7 shrink-0 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">{t('status.notValid.title')}</h1>
      </div>
      <p className="mt-4 text-sm text-slate-700">
        {t('status.notValid.message', { days: STATUS_LINK_TTL_DAYS })}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <Trans
          id="status.notValid.call"
          values={{ phone: shop.phone }}
          components={{
            0: (
              <a
                href={`tel:${shop.phone}`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {shop.phone}
              </a>
            ),
          }}
        />
      </p>
      <Link
        href="/auth"
        className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('status.notValid.signIn')}
      </Link>
    </Card>
  );
}
