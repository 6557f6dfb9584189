import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Award from 'lucide-react/icons/award';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Camera from 'lucide-react/icons/camera';
import Car from 'lucide-react/icons/car';
import Check from 'lucide-react/icons/check';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import Handshake from 'lucide-react/icons/handshake';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Phone from 'lucide-react/icons/phone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Wrench from 'lucide-react/icons/wrench';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { JoinPanel } from '#client/components/layout/join-panel.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { cardSurface } from '#client/components/ui/card-surface.ts';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { loadMessages } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { useNow } from '#client/lib/clock.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shop } from '#client/lib/shop.ts';
import { SHOP_SERVICES } from '#client/lib/shop-services.ts';
import { useNearViewport } from '#client/lib/use-near-viewport.ts';
import { HERO_IMAGE } from '#domain/hero-image.ts';
import { phoneHref, yearsInBusiness } from '#domain/shop.ts';

export function LandingPage() {
  return (
    <PublicLayout withJoinPanel>
      <Hero />
      <TrustCards />
      <HowItWorks />
      <AboutSection />
      <ServicesSection />
    </PublicLayout>
  );
}

function Hero() {
  const years = yearsInBusiness(shop.foundedYear, useNow());
  const { user } = useAuth();
  const t = useT();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-ink">
      <img
        src={HERO_IMAGE.src}
        srcSet={HERO_IMAGE.srcSet}
        sizes={HERO_IMAGE.sizes}
        alt=""
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-20 size-full object-cover object-[75%_center]"
      />
      {/* Darkens the photo enough for white text to pass WCAG AA wherever it lands. */}
      <div className="absolute inset-0 -z-10 bg-ink/70 md:bg-transparent md:bg-gradient-to-r md:from-ink/90 md:from-25% md:via-ink/40 md:via-50% md:to-transparent md:to-70%" />
      <div className="mx-auto max-w-6xl px-4 pt-16 pb-32 sm:pt-24 sm:pb-40 lg:pt-28">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/20 backdrop-blur">
            <Award className="size-4 text-brand-100" aria-hidden="true" />
            {t('landing.hero.place', { year: shop.foundedYear })}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl"
          >
            {/* Two messages rather than one with a tag: Lingui's Trans would add to the first page's code. */}
            {t('landing.hero.title')} <span className="text-brand-100">{t('landing.hero.titleEnd')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">
            {t('landing.hero.text', { years })}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/estimate" className={buttonVariants({ variant: 'onDark', size: 'lg' })}>
              {t('landing.hero.cta')}
              <ArrowRight aria-hidden="true" />
            </Link>
            <a
              href={phoneHref(shop.phone)}
              className={buttonVariants({ variant: 'outlineOnDark', size: 'lg' })}
            >
              <Phone aria-hidden="true" />
              {t('landing.hero.call', { phone: shop.phone })}
            </a>
          </div>
          <ul className="mt-8 flex max-w-xl flex-wrap gap-x-6 gap-y-2 text-sm text-slate-200">
            {HERO_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <Check className="size-4 text-brand-100" aria-hidden="true" />
                {t(point)}
              </li>
            ))}
          </ul>
          {/* In the page, not over it: nothing in the hero or the cards below is ever hidden. */}
          {!user && <JoinPanel className="mt-8" />}
        </div>
      </div>
    </section>
  );
}

const HERO_POINTS: MessageId[] = [
  'landing.hero.noAppointment',
  'landing.hero.insurance',
  'landing.hero.local',
];

function TrustCards() {
  const t = useT();
  const cards: { icon: LucideIcon; title: string; text: string }[] = [
    {
      icon: Award,
      title: t('landing.trust.years.title'),
      text: t('landing.trust.years.text', { year: shop.foundedYear }),
    },
    {
      icon: Car,
      title: t('landing.trust.vehicles.title', { count: shop.vehiclesRepaired }),
      text: t('landing.trust.vehicles.text'),
    },
    { icon: Wrench, title: t('landing.trust.repairs.title'), text: t('landing.trust.repairs.text') },
  ];
  return (
    <section aria-labelledby="trust-title" className="relative z-10 mx-auto -mt-20 max-w-6xl px-4">
      <h2 id="trust-title" className="sr-only">
        {t('landing.trust.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <div
              className={clsx(
                cardSurface,
                'flex h-full items-start gap-4 p-5 shadow-lg sm:flex-col sm:p-6 lg:flex-row',
              )}
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEPS: { icon: LucideIcon; title: MessageId; text: MessageId }[] = [
  { icon: Camera, title: 'landing.how.photos.title', text: 'landing.how.photos.text' },
  { icon: ClipboardCheck, title: 'landing.how.estimate.title', text: 'landing.how.estimate.text' },
  { icon: CalendarCheck, title: 'landing.how.schedule.title', text: 'landing.how.schedule.text' },
];

function HowItWorks() {
  const t = useT();
  return (
    <section aria-labelledby="how-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionIntro
          id="how-title"
          eyebrow={t('landing.how.eyebrow')}
          title={t('landing.how.title')}
          text={t('landing.how.text')}
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li
              key={title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <div className="flex items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                  {i + 1}
                </span>
                <Icon className="size-7 text-slate-400" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{t(title)}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{t(text)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex justify-center">
          <Link href="/estimate" className={clsx(buttonVariants({ size: 'lg' }), 'w-full sm:w-auto')}>
            {t('landing.how.cta')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

const VALUES: { icon: LucideIcon; title: MessageId; text: MessageId }[] = [
  { icon: HeartHandshake, title: 'landing.values.family.title', text: 'landing.values.family.text' },
  { icon: Handshake, title: 'landing.values.honest.title', text: 'landing.values.honest.text' },
  { icon: ShieldCheck, title: 'landing.values.quality.title', text: 'landing.values.quality.text' },
];

const ShopPhotos = lazy(async () => {
  const [{ ImageCarousel }, { carouselImages }] = await Promise.all([
    import('./image-carousel.tsx'),
    import('./carousel-images.ts'),
    loadMessages('photos'),
  ]);
  return {
    default: ({ className }: { className: string }) => (
      <ImageCarousel images={carouselImages} intervalMs={5000} className={className} />
    ),
  };
});

/**
 * The shop's photos, far below the fold: their code and words come when the visitor scrolls near them. Until
 * then a box of the carousel's size holds the place, so nothing moves when it arrives.
 */
function CarouselWhenNear({ className }: { className: string }) {
  const [placeRef, near] = useNearViewport();
  const placeholder = (
    <div ref={placeRef} className={clsx('aspect-[3/2] rounded-2xl bg-slate-200 shadow-lg', className)} />
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ShopPhotos className={className} />
    </Suspense>
  );
}

function AboutSection() {
  const years = yearsInBusiness(shop.foundedYear, useNow());
  const t = useT();
  return (
    <section aria-labelledby="about-title" className="bg-white py-20 sm:py-24">
      {/* Small screens read heading, photos, values; wide screens put the photos beside both. */}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2 lg:gap-x-16 lg:gap-y-8">
        <div className="lg:col-start-2 lg:self-end">
          <SectionIntro
            id="about-title"
            eyebrow={t('landing.about.eyebrow')}
            title={t('landing.about.title', { year: shop.foundedYear })}
            text={t('landing.about.text', { years, vehicles: shop.vehiclesRepaired })}
            align="left"
          />
        </div>
        <CarouselWhenNear className="lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-center" />
        <ul className="space-y-6 lg:col-start-2">
          {VALUES.map(({ icon: Icon, title, text }) => (
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
    </section>
  );
}

function ServicesSection() {
  const t = useT();
  return (
    <section aria-labelledby="services-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionIntro
          id="services-title"
          eyebrow={t('landing.services.eyebrow')}
          title={t('landing.services.title')}
          text={t('landing.services.text')}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SHOP_SERVICES.map(({ icon: Icon, title, summary, items }) => (
            <li key={title}>
              <div
                className={clsx(cardSurface, 'h-full p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8')}
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-slate-900">{t(title)}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{t(summary)}</p>
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
        <div className="mt-10 flex justify-center">
          <Link
            href="/about"
            className={clsx(buttonVariants({ variant: 'secondary', size: 'lgWrap' }), 'w-full sm:w-auto')}
          >
            {t('landing.services.more')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

function SectionIntro({
  id,
  eyebrow,
  title,
  text,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-xl'}>
      <p className="text-sm font-bold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">{text}</p>
    </div>
  );
}
