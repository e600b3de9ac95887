import { type ReactNode, useEffect, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/icons.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { btn } from '../../components/ui.ts';
import { HERO_AUTO_ADVANCE_MS, nextIndex, previousIndex } from '../../lib/slider.ts';
import { HERO_SLIDES } from './hero-slides.ts';

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * Hero slider: 3 slides, auto-advance every 5000 ms, arrows and dots, wrapping at both ends. It stands
 * still while hovered or focused, under prefers-reduced-motion, and when paused with its button.
 */
export function HeroSlider() {
  const slides = HERO_SLIDES;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const running = !hovered && !focused && !paused && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => nextIndex(i, slides.length)), HERO_AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative overflow-hidden"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        setFocused(false);
      }}
      data-testid="hero-slider"
    >
      <div className="grid">
        {slides.map((slide, i) => {
          const current = i === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!current}
              inert={!current}
              data-active={current}
              className={`col-start-1 row-start-1 bg-gradient-to-br ${slide.bgGradient} transition-opacity duration-700 ease-out ${
                current ? 'opacity-100' : 'pointer-events-none opacity-0'
              }`}
            >
              <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 pb-20 pt-10 sm:px-6 md:grid-cols-2 md:pb-24 md:pt-16 lg:px-8">
                <div className="order-2 md:order-1">
                  <p className="inline-flex rounded-full bg-white/80 px-3 py-1 text-xs font-bold uppercase tracking-widest text-accent-700 shadow-sm">
                    {slide.tag}
                  </p>
                  <h2 className="mt-4 font-display text-4xl font-black leading-[1.05] tracking-tight text-ink-900 sm:text-5xl lg:text-6xl">
                    {slide.title} <span className="block text-accent-600">{slide.accentTitle}</span>
                  </h2>
                  <p className="mt-4 max-w-lg text-base leading-7 text-ink-700 sm:text-lg">{slide.description}</p>
                  <div className="mt-7 flex flex-wrap gap-3">
                    <a href={slide.buttonLink} className={btn.primary}>
                      {slide.buttonText}
                    </a>
                    {slide.secondaryButtonText && slide.secondaryButtonLink && (
                      <a href={slide.secondaryButtonLink} className={btn.secondary}>
                        {slide.secondaryButtonText}
                      </a>
                    )}
                  </div>
                </div>
                <div className="order-1 flex justify-center md:order-2">
                  <div className="relative">
                    <div className="absolute -inset-3 rotate-6 rounded-[2.5rem] bg-accent-200/70" aria-hidden="true" />
                    <img
                      src={slide.imageUrl}
                      alt=""
                      width={420}
                      height={420}
                      fetchPriority={i === 0 ? 'high' : 'low'}
                      className="relative size-56 -rotate-2 rounded-[2.5rem] bg-white shadow-2xl ring-4 ring-white sm:size-72 lg:size-96"
                    />
                  </div>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {/* Without JavaScript the controls could do nothing: they appear once the page can run them (the
          first slide shows meanwhile, and without JavaScript alone). */}
      {hydrated && (
        <div className="absolute inset-x-0 bottom-5 flex items-center justify-center gap-3">
          <ControlButton label="Previous slide" onClick={() => setIndex((i) => previousIndex(i, slides.length))}>
            <ChevronLeftIcon className="size-5" />
          </ControlButton>
          <div className="flex items-center gap-2">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className="group inline-flex size-6 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${
                    i === index ? 'w-7 bg-brand-700' : 'w-2.5 bg-ink-500 group-hover:bg-ink-700'
                  }`}
                />
              </button>
            ))}
          </div>
          <ControlButton label="Next slide" onClick={() => setIndex((i) => nextIndex(i, slides.length))}>
            <ChevronRightIcon className="size-5" />
          </ControlButton>
          <ControlButton label={paused ? 'Play slideshow' : 'Pause slideshow'} onClick={() => setPaused((p) => !p)}>
            {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
          </ControlButton>
        </div>
      )}
    </section>
  );
}

/** A round control on the slide (previous, next, pause): its label is what a screen reader says. */
function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow-md hover:bg-white"
    >
      {children}
    </button>
  );
}
