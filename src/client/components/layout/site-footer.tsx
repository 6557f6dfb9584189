import Clock from 'lucide-react/icons/clock';
import Languages from 'lucide-react/icons/languages';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { localDays, localHours } from '#client/i18n/shop-hours.ts';
import { useT } from '#client/i18n/use-t.ts';
import { useNow } from '#client/lib/clock.ts';
import { shop } from '#client/lib/shop.ts';
import { phoneHref, shopYear } from '#domain/shop.ts';
import { LanguageSwitchSlot } from './language-switch-slot.tsx';
import { Logo } from './logo.tsx';

export function SiteFooter() {
  const t = useT();
  const language = currentLanguage();
  const year = shopYear(useNow());
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div className="space-y-3">
          <Logo inverted />
          <p className="text-sm leading-relaxed">{t('common.footer.about', { year: shop.foundedYear })}</p>
          <p className="flex items-center gap-2 text-sm">
            <Languages className="size-4 shrink-0 text-brand-500" aria-hidden="true" />
            <span className="sr-only">{t('common.language.label')}:</span>
            <LanguageSwitchSlot className="rounded-md font-semibold text-white underline underline-offset-4 hover:no-underline" />
          </p>
        </div>
        <section aria-labelledby="footer-contact" className="space-y-3 text-sm">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            {t('common.footer.contact')}
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
            {t('common.footer.hours')}
          </h2>
          <dl className="space-y-1.5">
            {shop.hours.map((row) => (
              <div key={row.days} className="flex justify-between gap-4 border-b border-white/10 pb-1.5">
                <dt>{localDays(row.days, language)}</dt>
                <dd className="font-medium text-white">{localHours(row.hours, t('common.hours.closed'))}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {/* The sign F.S. 559.916 asks the shop to post: the consumer hotline and the replaced-parts right. */}
      <p className="mx-auto max-w-6xl border-t border-white/10 px-4 py-4 text-xs leading-relaxed text-slate-300">
        {t('common.footer.consumerSign')}
      </p>
      <p className="border-t border-white/10 px-4 py-5 text-center text-xs text-slate-400">
        {t('common.footer.rights', { year, shop: shop.name })}
      </p>
    </footer>
  );
}
