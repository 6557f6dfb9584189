import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Camera from 'lucide-react/icons/camera';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Wallet from 'lucide-react/icons/wallet';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { cardSurface } from '#client/components/ui/card-surface.ts';
import { type CarouselImage, carouselImages, imageAltId } from '#client/features/landing/shared.ts';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { localDays, localHours } from '#client/i18n/shop-hours.ts';
import { useT } from '#client/i18n/use-t.ts';
import { useNow } from '#client/lib/clock.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shop } from '#client/lib/shop.ts';
import { SHOP_SERVICES } from '#client/lib/shop-services.ts';
import { HERO_IMAGE } from '#domain/hero-image.ts';
import { phoneHref, yearsInBusiness } from '#domain/shop.ts';

export function AboutPage() {
  return (
    <PublicLayout>
      <PageHeader />
      <OurStory />
      <WhatWeDo />
      <WhyChooseUs />
      <HoursAndContact />
      <CallToAction />
    </PublicLayout>
  );
}

function PageHeader() {
  const t = useT();
  return (
    <section aria-labelledby="about-title" className="relative isolate overflow-hidden bg-ink">
      <img
        src={HERO_IMAGE.src}
        srcSet={HERO_IMAGE.srcSet}
        sizes="100vw"
        alt=""
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-20 size-full object-cover object-[75%_center]"
      />
      {/* Keeps the white heading above WCAG AA contrast over the photo. */}
      <div className="absolute inset-0 -z-10 bg-ink/75 md:bg-transparent md:bg-gradient-to-r md:from-ink/95 md:via-ink/75 md:to-ink/20" />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <p className="text-sm font-bold tracking-wider text-brand-100 uppercase">{t('about.eyebrow')}</p>
        <h1
          id="about-title"
          className="mt-3 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-5xl"
        >
          {t('about.title', { year: shop.foundedYear })}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">{t('about.subtitle')}</p>
      </div>
    </section>
  );
}

function OurStory() {
  const years = yearsInBusiness(shop.foundedYear, useNow());
  const t = useT();
  const stats = [
    { value: String(shop.foundedYear), label: t('about.stats.founded') },
    { value: `${years}`, label: t('about.stats.years') },
    { value: shop.vehiclesRepaired, label: t('about.stats.vehicles') },
  ];
  return (
    <section aria-labelledby="story-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="story-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {t('about.story.title')}
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-600">
            <p>{t('about.story.p1', { shop: shop.name, year: shop.foundedYear })}</p>
            <p>{t('about.story.p2', { years, vehicles: shop.vehiclesRepaired })}</p>
            <p>{t('about.story.p3')}</p>
          </div>
          <dl className="mt-8 grid grid-cols-3 gap-3">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm"
              >
                <dt className="text-xs font-medium text-slate-600 sm:text-sm">{stat.label}</dt>
                <dd className="order-first text-2xl font-extrabold text-brand-700 sm:text-3xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <Photo image={carouselImages[0]} />
      </div>
    </section>
  );
}

function WhatWeDo() {
  const t = useT();
  return (
    <section aria-labelledby="services-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-2xl">
          <h2
            id="services-title"
            className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            {t('about.services.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{t('about.services.text')}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SHOP_SERVICES.map(({ icon: Icon, title, description, items }) => (
            <li key={title}>
              <div className={clsx(cardSurface, 'h-full p-6 shadow-sm sm:p-8')}>
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-slate-900">{t(title)}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{t(description)}</p>
                <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5">
                  {items.map((item) => (
                    <li key={item} className="flex items-center gap-2 text-sm font-medium text-slate-700">
                      <Check className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                      {t(item)}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const REASONS: { icon: LucideIcon; title: MessageId; text: MessageId }[] = [
  { icon: Camera, title: 'about.why.phone.title', text: 'about.why.phone.text' },
  { icon: Wallet, title: 'about.why.pricing.title', text: 'about.why.pricing.text' },
  { icon: ShieldCheck, title: 'about.why.guarantee.title', text: 'about.why.guarantee.text' },
  { icon: HeartHandshake, title: 'about.why.family.title', text: 'about.why.family.text' },
];

function WhyChooseUs() {
  const t = useT();
  return (
    <section aria-labelledby="why-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 lg:grid-cols-2 lg:gap-16">
        <Photo image={carouselImages[carouselImages.length - 1]} className="lg:order-first" />
        <div>
          <h2 id="why-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {t('about.why.title')}
          </h2>
          <ul className="mt-8 space-y-6">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-bold text-slate-900">{t(title)}</h3>
                  <p className="mt-1 leading-relaxed text-slate-600">{t(text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function HoursAndContact() {
  const t = useT();
  const language = currentLanguage();
  return (
    <section aria-labelledby="visit-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="visit-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {t('about.visit.title')}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className={clsx(cardSurface, 'p-5 shadow-sm sm:p-8')}>
            <h3 className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Clock className="size-5 text-brand-700" aria-hidden="true" />
              {t('about.visit.hours')}
            </h3>
            <dl className="mt-5 divide-y divide-slate-100">
              {shop.hours.map((row) => (
                <div key={row.days} className="flex justify-between gap-3 py-3 text-sm sm:text-base">
                  <dt className="text-slate-600">{localDays(row.days, language)}</dt>
                  <dd className="font-semibold whitespace-nowrap text-slate-900">
                    {localHours(row.hours, t('common.hours.closed'))}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className={clsx(cardSurface, 'p-5 shadow-sm sm:p-8')}>
            <h3 className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <MessageCircle className="size-5 text-brand-700" aria-hidden="true" />
              {t('about.visit.contact')}
            </h3>
            <ul className="mt-5 space-y-4 text-slate-700">
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <span>
                  {shop.street}
                  <br />
                  {shop.city}
                </span>
              </li>
              <li className="flex items-center gap-3">
                <Phone className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <a href={phoneHref(shop.phone)} className="font-semibold text-brand-700 hover:underline">
                  {shop.phone}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Mail className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <a
                  href={`mailto:${shop.email}`}
                  className="font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                >
                  <EmailAddress email={shop.email} />
                </a>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function CallToAction() {
  const { user, isLoading } = useAuth();
  const t = useT();
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">
            {user ? t('about.cta.trackTitle') : t('about.cta.readyTitle')}
          </h2>
          <p className="mt-2 text-lg text-brand-50">
            {user ? t('about.cta.trackText') : t('about.cta.readyText')}
          </p>
        </div>
        {/* Rendering nothing while the session loads avoids flashing the wrong button. */}
        {!isLoading && (
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:items-center">
            {user ? (
              <Link href="/dashboard" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
                {t('about.cta.dashboard')}
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : (
              <>
                <Link
                  href="/auth?tab=register"
                  className={clsx(buttonVariants({ variant: 'secondary', size: 'lg' }), 'w-full sm:w-auto')}
                >
                  {t('about.cta.register')}
                  <ArrowRight aria-hidden="true" />
                </Link>
                <Link
                  href="/auth"
                  className="px-2 text-center font-semibold whitespace-nowrap text-white underline underline-offset-4 hover:no-underline"
                >
                  {t('about.cta.signIn')}
                </Link>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function Photo({ image, className }: { image: CarouselImage | undefined; className?: string }) {
  const t = useT();
  if (!image) return null;
  const altId = imageAltId(image.src);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes="(min-width: 1024px) 36rem, 100vw"
      alt={altId ? t(altId) : image.alt}
      width={1200}
      height={800}
      loading="lazy"
      decoding="async"
      className={clsx('aspect-[3/2] w-full rounded-2xl bg-slate-200 object-cover shadow-lg', className)}
    />
  );
}

/** Lets a long address wrap after the "@" on narrow screens instead of mid-word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
