import { LinkIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '#client/components/ui/card.tsx';
import { shop } from '#client/lib/shop.ts';
import { STATUS_LINK_TTL_DAYS } from '#domain/status-links.ts';

/** A tampered, expired, revoked or unknown status link: one plain page for all (the server said 404). */
export function StatusLinkNotValid() {
  return (
    <Card className="mx-auto w-full max-w-md p-6">
      <div className="flex items-center gap-3">
        <LinkIcon className="size-7 shrink-0 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">This link is not valid</h1>
      </div>
      <p className="mt-4 text-sm text-slate-700">
        Status links work for {STATUS_LINK_TTL_DAYS} days and can be turned off. Ask us for a new one, or sign
        in to follow your repair.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Call us at{' '}
        <a href={`tel:${shop.phone}`} className="font-semibold text-brand-700 underline underline-offset-2">
          {shop.phone}
        </a>
        .
      </p>
      <Link
        href="/auth"
        className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Sign in
      </Link>
    </Card>
  );
}
