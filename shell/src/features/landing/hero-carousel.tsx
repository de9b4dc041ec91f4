import { useEffect, useState } from 'react';
import fallbackImage from './hero-fallback.svg';
import { fetchHeroImages, preloadImages } from './hero-images';
import { useT } from './i18n';

/** The hero advances every 8 s. */
const HERO_ROTATION_MS = 8000;

type HeroState = { status: 'loading' } | { status: 'ready'; images: string[] };

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setReduced(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return Boolean(reduced);
}

/** Background images of the hero: loading until all active images are preloaded, then rotating. */
export function HeroCarousel() {
  const t = useT();
  const [state, setState] = useState<HeroState>({ status: 'loading' });
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    let live = true;
    fetchHeroImages()
      .then(async (urls) => {
        if (urls.length === 0) return [fallbackImage];
        await preloadImages(urls);
        return urls;
      })
      .catch(() => [fallbackImage])
      .then((images) => live && setState({ status: 'ready', images }));
    return () => {
      live = false;
    };
  }, []);

  const count = state.status === 'ready' ? state.images.length : 0;
  useEffect(() => {
    if (count < 2 || reducedMotion) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), HERO_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, reducedMotion, index]);

  if (state.status === 'loading') {
    return (
      <div
        aria-hidden="true"
        data-testid="hero-loading"
        className="absolute inset-0 animate-pulse bg-gradient-to-br from-brand-800 to-brand-600"
      />
    );
  }
  return (
    <>
      {state.images.map((src, i) => (
        <img
          key={src}
          src={src}
          alt=""
          aria-hidden="true"
          data-active={i === index}
          data-testid="hero-image"
          // Lower case: React 18 passes the attribute through but does not know the camel-cased prop.
          {...{ fetchpriority: i === 0 ? 'high' : 'low' }}
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 motion-reduce:transition-none ${i === index ? 'opacity-100' : 'opacity-0'}`}
        />
      ))}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-stone-950/80 via-stone-950/55 to-stone-950/20" />
      {count > 1 ? (
        <div className="absolute bottom-6 left-1/2 z-10 flex -translate-x-1/2 gap-2" role="group" aria-label={t('hero.chooseImage')}>
          {state.images.map((src, i) => (
            <button
              key={src}
              type="button"
              aria-label={t('hero.showImage', { index: i + 1, count })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
              className="grid size-10 place-items-center"
            >
              <span className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-2.5 bg-white/60'}`} />
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
