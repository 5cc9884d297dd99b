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
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const touchX = useRef<number | null>(null);
  const count = urls.length;
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

  if (count === 0) return null;
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

  return (
    <section
      className="swipe"
      aria-roledescription="carousel"
      aria-label={t('company.view.carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="swipe-viewport"
        id={`${id}-slides`}
        aria-live={running ? 'off' : 'polite'}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          className={`swipe-track${reduced ? ' swipe-still' : ''}`}
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
      {count > 1 ? (
        <div className="swipe-controls">
          {autoplay || stopped ? (
            <button
              type="button"
              className="swipe-btn"
              onClick={() => setStopped(!stopped)}
              aria-label={stopped ? t('company.view.play') : t('company.view.pause')}
            >
              {stopped ? <SmallPlayIcon /> : <PauseIcon />}
            </button>
          ) : null}
          <button
            type="button"
            className="swipe-btn"
            onClick={() => go(-1)}
            aria-controls={`${id}-slides`}
            aria-label={t('company.view.prev')}
          >
            <PrevIcon />
          </button>
          <div className="swipe-dots">
            {urls.map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
                key={i}
                type="button"
                className="swipe-dot"
                aria-controls={`${id}-slides`}
                aria-label={t('company.view.goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="swipe-btn"
            onClick={() => go(1)}
            aria-controls={`${id}-slides`}
            aria-label={t('company.view.next')}
          >
            <NextIcon />
          </button>
        </div>
      ) : null}
    </section>
  );
}
