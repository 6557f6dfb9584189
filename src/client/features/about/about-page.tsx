import { clsx } from 'clsx';
import {
  ArrowRight,
  Camera,
  Check,
  Clock,
  HeartHandshake,
  type LucideIcon,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  ShieldCheck,
  Wallet,
} from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { cardSurface } from '#client/components/ui/card-surface.ts';
import { type CarouselImage, carouselImages, heroImage } from '#client/features/landing/shared.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shop } from '#client/lib/shop.ts';
import { SHOP_SERVICES } from '#client/lib/shop-services.ts';
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
  return (
    <section aria-labelledby="about-title" className="relative isolate overflow-hidden bg-ink">
      <img
        src={heroImage.src}
        srcSet={heroImage.srcSet}
        sizes="100vw"
        alt=""
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-20 size-full object-cover object-[75%_center]"
      />
      {/* Keeps the white heading above WCAG AA contrast over the photo. */}
      <div className="absolute inset-0 -z-10 bg-ink/75 md:bg-transparent md:bg-gradient-to-r md:from-ink/95 md:via-ink/75 md:to-ink/20" />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <p className="text-sm font-bold tracking-wider text-brand-100 uppercase">About us</p>
        <h1
          id="about-title"
          className="mt-3 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-5xl"
        >
          Land O' Lakes' family-owned body shop since {shop.foundedYear}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">
          Honest estimates, careful repairs and a team that treats your car like one of our own.
        </p>
      </div>
    </section>
  );
}

function OurStory() {
  const years = yearsInBusiness(shop.foundedYear);
  const stats = [
    { value: String(shop.foundedYear), label: 'Year founded' },
    { value: `${years}`, label: 'Years in business' },
    { value: shop.vehiclesRepaired, label: 'Vehicles repaired' },
  ];
  return (
    <section aria-labelledby="story-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="story-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Our Story
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-600">
            <p>
              {shop.name} opened its doors in {shop.foundedYear} with a simple idea: fix every car as if it
              belonged to family, and tell every customer the truth about what it needs.
            </p>
            <p>
              {years} years and {shop.vehiclesRepaired} vehicles later, we are still family-owned and still
              right here in Land O' Lakes, Florida, and we still earn your trust the old-fashioned way: one
              carefully repaired car at a time.
            </p>
            <p>
              Today you can send us photos of the damage from your phone and get a detailed estimate within 24
              hours, but the craftsmanship behind the repair hasn't changed.
            </p>
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
  return (
    <section aria-labelledby="services-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-2xl">
          <h2
            id="services-title"
            className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            What We Do
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">
            We handle all auto body repairs in-house — cars, trucks and SUVs, insurance claims or cash jobs.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SHOP_SERVICES.map(({ icon: Icon, title, description, items }) => (
            <li key={title}>
              <div className={clsx(cardSurface, 'h-full p-6 shadow-sm sm:p-8')}>
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{description}</p>
                <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5">
                  {items.map((item) => (
                    <li key={item} className="flex items-center gap-2 text-sm font-medium text-slate-700">
                      <Check className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                      {item}
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

const REASONS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Camera,
    title: 'Estimates from your phone',
    text: 'Send photos of the damage and receive a detailed estimate within 24 hours, no trip to the shop required.',
  },
  {
    icon: Wallet,
    title: 'Upfront, honest pricing',
    text: 'You see the numbers before we start, including what your insurance covers and what you owe.',
  },
  {
    icon: ShieldCheck,
    title: 'Work we stand behind',
    text: "Every repair is backed by our quality guarantee. If something isn't right, we make it right.",
  },
  {
    icon: HeartHandshake,
    title: 'A family, not a franchise',
    text: 'You deal with the same people who fix your car, and we answer the phone ourselves.',
  },
];

function WhyChooseUs() {
  return (
    <section aria-labelledby="why-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 lg:grid-cols-2 lg:gap-16">
        <Photo image={carouselImages[carouselImages.length - 1]} className="lg:order-first" />
        <div>
          <h2 id="why-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Why Choose Us
          </h2>
          <ul className="mt-8 space-y-6">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-bold text-slate-900">{title}</h3>
                  <p className="mt-1 leading-relaxed text-slate-600">{text}</p>
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
  return (
    <section aria-labelledby="visit-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="visit-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Hours &amp; Contact
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className={clsx(cardSurface, 'p-5 shadow-sm sm:p-8')}>
            <h3 className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Clock className="size-5 text-brand-700" aria-hidden="true" />
              Shop Hours
            </h3>
            <dl className="mt-5 divide-y divide-slate-100">
              {shop.hours.map((row) => (
                <div key={row.days} className="flex justify-between gap-3 py-3 text-sm sm:text-base">
                  <dt className="text-slate-600">{row.days}</dt>
                  <dd className="font-semibold whitespace-nowrap text-slate-900">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className={clsx(cardSurface, 'p-5 shadow-sm sm:p-8')}>
            <h3 className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <MessageCircle className="size-5 text-brand-700" aria-hidden="true" />
              Get in Touch
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
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">
            {user ? 'Track your repair online' : 'Ready when you are'}
          </h2>
          <p className="mt-2 text-lg text-brand-50">
            {user
              ? 'See your estimates, approve quotes and message the shop from your dashboard.'
              : 'Create a free account to request estimates, follow your repair and message the shop.'}
          </p>
        </div>
        {/* Rendering nothing while the session loads avoids flashing the wrong button. */}
        {!isLoading && (
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:items-center">
            {user ? (
              <Link href="/dashboard" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
                Go to Your Dashboard
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : (
              <>
                <Link
                  href="/auth?tab=register"
                  className={clsx(buttonVariants({ variant: 'secondary', size: 'lg' }), 'w-full sm:w-auto')}
                >
                  Create an Account
                  <ArrowRight aria-hidden="true" />
                </Link>
                <Link
                  href="/auth"
                  className="px-2 text-center font-semibold whitespace-nowrap text-white underline underline-offset-4 hover:no-underline"
                >
                  Already a customer? Sign in
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
  if (!image) return null;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes="(min-width: 1024px) 36rem, 100vw"
      alt={image.alt}
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
