import { Mail, Phone } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import { phoneHref } from '#domain/shop.ts';

export function NeedHelpCard() {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('estimate.help.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-slate-600">{t('estimate.help.body')}</p>
        <a
          href={phoneHref(shop.phone)}
          className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          <Phone className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {shop.phone}
        </a>
        <a
          href={`mailto:${shop.email}`}
          className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          <Mail className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <EmailAddress email={shop.email} />
        </a>
      </CardContent>
    </Card>
  );
}

/**
 * An e-mail address that never breaks inside a word: when it does not fit on one line it wraps only
 * before the @, keeping the name and the domain whole.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span className="min-w-0">{email}</span>;
  return (
    <span className="min-w-0">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
