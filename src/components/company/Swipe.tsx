import { type TouchEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NextIcon, PauseIcon, PrevIcon, SmallPlayIcon } from './icons';
import { SWIPE_INTERVAL_MS, wrapIndex } from './media';
import { useReducedMotion } from './use-element';

const SWIPE_MIN_PX = 40;

/**
 * A swipe block: a picture carousel (WAI-ARIA carousel pattern). It moves on every
 * SWIPE_INTERVAL_MS (SPEC §9) except while the pointer is over it, focus is inside it, the
 * viewer paused it with its own button, the tab is hidden, or the system asks for reduced
 * motion. Prev/next buttons, one dot per picture and touch swipes move it by hand; only the
 * shown picture is in the accessibility tree, and it is announced when moved by hand.
 */
export function Swipe({ urls }: { urls: readonly string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const carousel = useCarousel(urls.length);
  if (urls.length === 0) return null;
  return (
    <section
      className="swipe"
      aria-roledescription="carousel"
      aria-label={t('company.view.carousel')}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) carousel.setFocused(false);
      }}
    >
      <SwipeSlides urls={urls} slidesId={`${id}-slides`} carousel={carousel} />
      {urls.length > 1 ? <SwipeControls count={urls.length} slidesId={`${id}-slides`} carousel={carousel} /> : null}
    </section>
  );
}

type Carousel = ReturnType<typeof useCarousel>;

/**
 * Which picture of `count` is shown, and whether it moves on by itself: not while hovered,
 * focused, stopped by the viewer, or when the system asks for reduced motion.
 */
function useCarousel(count: number) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const touchX = useRef<number | null>(null);
  const autoplay = count > 1 && !reduced && !stopped;
  const running = autoplay && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => wrapIndex(i, 1, count));
    }, SWIPE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, count]);

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [index, count]);

  const go = (step: number) => setIndex((i) => wrapIndex(i, step, count));
  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
    go(end < start ? 1 : -1);
  };
  return {
    index,
    setIndex,
    setHovered,
    setFocused,
    stopped,
    setStopped,
    reduced,
    autoplay,
    running,
    go,
    onTouchStart,
    onTouchEnd,
  };
}

/** The pictures side by side, the shown one alone in the accessibility tree. */
function SwipeSlides({ urls, slidesId, carousel }: { urls: readonly string[]; slidesId: string; carousel: Carousel }) {
  const { t } = useTranslation();
  const { index } = carousel;
  const count = urls.length;
  return (
    <div
      className="swipe-viewport"
      id={slidesId}
      aria-live={carousel.running ? 'off' : 'polite'}
      onTouchStart={carousel.onTouchStart}
      onTouchEnd={carousel.onTouchEnd}
    >
      <div
        className={`swipe-track${carousel.reduced ? ' swipe-still' : ''}`}
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {urls.map((url, i) => (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA carousel slides are groups, not fieldsets
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may appear twice
            key={i}
            className="swipe-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('company.view.slide', { n: i + 1, count })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <img src={url} alt={t('company.view.slide', { n: i + 1, count })} loading="lazy" decoding="async" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Pause/play (while it can move by itself), previous, one dot per picture, next. */
function SwipeControls({ count, slidesId, carousel }: { count: number; slidesId: string; carousel: Carousel }) {
  const { t } = useTranslation();
  const { index, stopped } = carousel;
  return (
    <div className="swipe-controls">
      {carousel.autoplay || stopped ? (
        <button
          type="button"
          className="swipe-btn"
          onClick={() => carousel.setStopped(!stopped)}
          aria-label={stopped ? t('company.view.play') : t('company.view.pause')}
        >
          {stopped ? <SmallPlayIcon /> : <PauseIcon />}
        </button>
      ) : null}
      <button
        type="button"
        className="swipe-btn"
        onClick={() => carousel.go(-1)}
        aria-controls={slidesId}
        aria-label={t('company.view.prev')}
      >
        <PrevIcon />
      </button>
      <div className="swipe-dots">
        {Array.from({ length: count }, (_, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
            key={i}
            type="button"
            className="swipe-dot"
            aria-controls={slidesId}
            aria-label={t('company.view.goTo', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => carousel.setIndex(i)}
          />
        ))}
      </div>
      <button
        type="button"
        className="swipe-btn"
        onClick={() => carousel.go(1)}
        aria-controls={slidesId}
        aria-label={t('company.view.next')}
      >
        <NextIcon />
      </button>
    </div>
  );
}
