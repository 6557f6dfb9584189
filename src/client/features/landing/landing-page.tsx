import { clsx } from 'clsx';
import {
  ArrowRight,
  Award,
  CalendarCheck,
  Camera,
  Car,
  Check,
  ClipboardCheck,
  Handshake,
  HeartHandshake,
  type LucideIcon,
  Phone,
  ShieldCheck,
  Wrench,
} from 'lucide-react';
import { Link } from 'wouter';
import { JoinPanel } from '#client/components/layout/join-panel.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { cardSurface } from '#client/components/ui/card-surface.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shop } from '#client/lib/shop.ts';
import { SHOP_SERVICES } from '#client/lib/shop-services.ts';
import { phoneHref, yearsInBusiness } from '#domain/shop.ts';
import { carouselImages, heroImage } from './carousel-images.ts';
import { ImageCarousel } from './image-carousel.tsx';

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
  const years = yearsInBusiness(shop.foundedYear);
  const { user } = useAuth();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-ink">
      <img
        src={heroImage.src}
        srcSet={heroImage.srcSet}
        sizes="100vw"
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
            Land O' Lakes, FL · Since {shop.foundedYear}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl"
          >
            Collision repair done right, <span className="text-brand-100">the first time.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">
            Snap a few photos of the damage and get a detailed estimate within 24 hours — from a shop that has
            been bringing Land O' Lakes cars back to pre-accident condition for {years} years.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link href="/estimate" className={buttonVariants({ variant: 'onDark', size: 'lg' })}>
              Get Your Estimate Now
              <ArrowRight aria-hidden="true" />
            </Link>
            <a
              href={phoneHref(shop.phone)}
              className={buttonVariants({ variant: 'outlineOnDark', size: 'lg' })}
            >
              <Phone aria-hidden="true" />
              Call {shop.phone}
            </a>
          </div>
          <ul className="mt-8 flex max-w-xl flex-wrap gap-x-6 gap-y-2 text-sm text-slate-200">
            {['No appointment needed', 'Insurance claims welcome', 'Locally owned & operated'].map(
              (point) => (
                <li key={point} className="flex items-center gap-2">
                  <Check className="size-4 text-brand-100" aria-hidden="true" />
                  {point}
                </li>
              ),
            )}
          </ul>
          {/* In the page, not over it: nothing in the hero or the cards below is ever hidden. */}
          {!user && <JoinPanel className="mt-8" />}
        </div>
      </div>
    </section>
  );
}

function TrustCards() {
  const cards: { icon: LucideIcon; title: string; text: string }[] = [
    { icon: Award, title: '30+ Years', text: `Serving Land O' Lakes drivers since ${shop.foundedYear}.` },
    {
      icon: Car,
      title: `${shop.vehiclesRepaired} Vehicles Repaired`,
      text: 'Cars, trucks and SUVs back on the road.',
    },
    { icon: Wrench, title: 'All Auto Body Repairs', text: 'From small dents to major collisions.' },
  ];
  return (
    <section aria-labelledby="trust-title" className="relative z-10 mx-auto -mt-20 max-w-6xl px-4">
      <h2 id="trust-title" className="sr-only">
        Why drivers trust us
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

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Camera,
    title: 'Take Photos',
    text: 'Snap a few pictures of the damage with your phone, wherever your car is parked.',
  },
  {
    icon: ClipboardCheck,
    title: 'Get Estimate',
    text: 'Our team reviews your photos and sends you a detailed estimate within 24 hours.',
  },
  {
    icon: CalendarCheck,
    title: 'Schedule Repair',
    text: "Approve the quote, pick a drop-off time that suits you, and we'll take it from there.",
  },
];

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionIntro
          id="how-title"
          eyebrow="Simple & fast"
          title="How It Works"
          text="Getting your car fixed shouldn't be a hassle. Three easy steps take you from fender bender to back on the road."
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
              <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex justify-center">
          <Link href="/estimate" className={clsx(buttonVariants({ size: 'lg' }), 'w-full sm:w-auto')}>
            Start Your Estimate Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

const VALUES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: HeartHandshake,
    title: 'Family Values',
    text: "We treat every customer like a neighbor and every car like it's one of our own.",
  },
  {
    icon: Handshake,
    title: 'Honest Service',
    text: 'Clear, upfront estimates and straight answers. We only recommend the work your car really needs.',
  },
  {
    icon: ShieldCheck,
    title: 'Quality Guarantee',
    text: "We stand behind every repair. If something isn't right, we make it right.",
  },
];

function AboutSection() {
  const years = yearsInBusiness(shop.foundedYear);
  return (
    <section aria-labelledby="about-title" className="bg-white py-20 sm:py-24">
      {/* Small screens read heading, photos, values; wide screens put the photos beside both. */}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2 lg:gap-x-16 lg:gap-y-8">
        <div className="lg:col-start-2 lg:self-end">
          <SectionIntro
            id="about-title"
            eyebrow="About us"
            title={`Family-owned since ${shop.foundedYear}`}
            text={`For ${years} years our family has helped Land O' Lakes drivers get back on the road after an accident. With ${shop.vehiclesRepaired} vehicles repaired, we still do every job the same way: carefully, honestly and with pride.`}
            align="left"
          />
        </div>
        <ImageCarousel
          images={carouselImages}
          intervalMs={5000}
          className="lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-center"
        />
        <ul className="space-y-6 lg:col-start-2">
          {VALUES.map(({ icon: Icon, title, text }) => (
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
    </section>
  );
}

function ServicesSection() {
  return (
    <section aria-labelledby="services-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionIntro
          id="services-title"
          eyebrow="What we do"
          title="Our Services"
          text="Whatever the damage, our experienced technicians have the tools and know-how to repair it right."
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
                <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{summary}</p>
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
        <div className="mt-10 flex justify-center">
          <Link
            href="/about"
            className={clsx(buttonVariants({ variant: 'secondary', size: 'lgWrap' }), 'w-full sm:w-auto')}
          >
            Learn More About Our Services
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
