import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { shop } from '#client/lib/shop.ts';
import { phoneHref } from '#domain/shop.ts';
import { Logo } from './logo.tsx';

export function SiteFooter() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div className="space-y-3">
          <Logo inverted />
          <p className="text-sm leading-relaxed">
            Family-owned collision repair in Land O' Lakes since {shop.foundedYear}. We treat every car like
            it belongs to one of our own.
          </p>
        </div>
        <section aria-labelledby="footer-contact" className="space-y-3 text-sm">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact Us
          </h2>
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden="true" />
            <span>
              {shop.street}
              <br />
              {shop.city}
            </span>
          </p>
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-brand-500" aria-hidden="true" />
            <a href={phoneHref(shop.phone)} className="hover:text-white">
              {shop.phone}
            </a>
          </p>
          <p className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-brand-500" aria-hidden="true" />
            <a href={`mailto:${shop.email}`} className="break-all hover:text-white">
              {shop.email}
            </a>
          </p>
        </section>
        <section aria-labelledby="footer-hours" className="space-y-3 text-sm">
          <h2 id="footer-hours" className="flex items-center gap-2 text-base font-semibold text-white">
            <Clock className="size-4 text-brand-500" aria-hidden="true" />
            Business Hours
          </h2>
          <dl className="space-y-1.5">
            {shop.hours.map((row) => (
              <div key={row.days} className="flex justify-between gap-4 border-b border-white/10 pb-1.5">
                <dt>{row.days}</dt>
                <dd className="font-medium text-white">{row.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <p className="border-t border-white/10 px-4 py-5 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {shop.name}. All rights reserved.
      </p>
    </footer>
  );
}
