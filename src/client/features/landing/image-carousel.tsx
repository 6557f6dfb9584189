import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type FocusEvent, useEffect, useState } from 'react';
import { useT } from '#client/i18n/use-t.ts';
import { imageAltId } from './image-alts.ts';

export type CarouselImage = { src: string; srcSet?: string; alt: string };

type ImageCarouselProps = {
  images: readonly CarouselImage[];
  intervalMs?: number;
  label?: string;
  /** Tells the browser how wide the carousel is drawn, so it picks the right srcSet candidate. */
  sizes?: string;
  className?: string;
};

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(
    () => typeof window !== 'undefined' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setReduced(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** Looping, self-advancing photo carousel. Slides cross-fade, so every image keeps its box and nothing shifts. */
export function ImageCarousel({
  images,
  intervalMs = 4000,
  label,
  sizes = '(min-width: 1024px) 36rem, 100vw',
  className,
}: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const t = useT();
  const count = images.length;
  const current = count > 0 ? index % count : 0;
  const autoplay = count > 1 && !hovered && !focused && !reducedMotion;

  // A timeout keyed on the current slide (rather than an interval) restarts the countdown after manual navigation.
  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setTimeout(() => setIndex((current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [autoplay, current, count, intervalMs]);

  if (count === 0) return null;
  const altOf = (image: CarouselImage) => {
    const id = imageAltId(image.src);
    return id ? t(id) : image.alt;
  };

  const go = (next: number) => setIndex((next + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label ?? t('photos.carousel.label')}
      className={clsx('relative overflow-hidden rounded-2xl bg-slate-200 shadow-lg', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the user drives them; a rotating carousel would chatter. */}
      <div className="relative aspect-[3/2]" aria-live={autoplay ? 'off' : 'polite'}>
        {images.map((image, i) => (
          <img
            key={image.src}
            src={image.src}
            srcSet={image.srcSet}
            sizes={sizes}
            alt={altOf(image)}
            width={1200}
            height={800}
            loading={i === 0 ? 'eager' : 'lazy'}
            decoding="async"
            aria-hidden={i === current ? undefined : true}
            className={clsx(
              'absolute inset-0 size-full object-cover transition-opacity duration-700 ease-in-out motion-reduce:transition-none',
              i === current ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
      </div>

      {count > 1 && (
        <>
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-black/50 to-transparent" />
          <ArrowButton side="left" onClick={() => go(current - 1)} />
          <ArrowButton side="right" onClick={() => go(current + 1)} />
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
            {images.map((image, i) => (
              <button
                key={image.src}
                type="button"
                aria-label={t('photos.carousel.show', { number: i + 1, count })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                className="group flex size-7 items-center justify-center rounded-full"
              >
                <span
                  className={clsx(
                    'block h-2 rounded-full shadow transition-all motion-reduce:transition-none',
                    i === current ? 'w-6 bg-white' : 'w-2 bg-white/60 group-hover:bg-white/90',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function ArrowButton({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const t = useT();
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={side === 'left' ? t('photos.carousel.previous') : t('photos.carousel.next')}
      onClick={onClick}
      className={clsx(
        'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md transition hover:bg-white',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
