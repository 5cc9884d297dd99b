import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyCalls } from '../../clients/company';
import { isCancelled } from '../../lib/request/errors';
import { parseVideoUrl } from '../../lib/video-url';
import { activeVideo, releaseVideo, setActiveVideo, subscribeActiveVideo, useActiveVideo } from './active-video';
import { PlayIcon } from './icons';
import { facebookFrame, YOUTUBE_HEIGHT, youtubeEmbedUrl } from './media';

/**
 * A video block (SPEC §2, §5, §9). Nothing from the video's host loads until the viewer taps
 * the poster: YouTube (privacy-enhanced host, 300 high) and Facebook (plugin, 280 wide, height
 * width / 1.36) are iframes swapped in by the tap; an .m3u8 stream plays in a <video>, natively
 * where the browser plays HLS, else through hls.js loaded at that moment. Only one video plays
 * at a time (active-video.ts): a newly started one unmounts the other's iframe or pauses its
 * <video>.
 */
export function VideoBlock({ url }: { url: string }) {
  const link = parseVideoUrl(url);
  if (!link) return null;
  if (link.kind === 'youtube')
    return <EmbedVideo kind="youtube" src={youtubeEmbedUrl(link.id)} height={YOUTUBE_HEIGHT} />;
  if (link.kind === 'facebook') {
    const frame = facebookFrame(link.url);
    return <EmbedVideo kind="facebook" src={frame.src} width={frame.width} height={frame.height} />;
  }
  return <HlsVideo url={link.url} />;
}

function useReleaseOnUnmount(id: string): void {
  useEffect(() => () => releaseVideo(id), [id]);
}

function Poster(props: { label: string; kind: string; height: number; width?: number; onPlay: () => void }) {
  return (
    <button
      type="button"
      className="video-poster"
      style={{ height: props.height, maxWidth: props.width }}
      onClick={props.onPlay}
      aria-label={`${props.label}: ${props.kind}`}
    >
      <span className="video-play" aria-hidden="true">
        <PlayIcon />
      </span>
      <span className="video-kind">{props.kind}</span>
    </button>
  );
}

function EmbedVideo(props: { kind: 'youtube' | 'facebook'; src: string; height: number; width?: number }) {
  const { t } = useTranslation();
  const id = useId();
  const playing = useActiveVideo() === id;
  const frame = useRef<HTMLIFrameElement>(null);
  useReleaseOnUnmount(id);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  const kind = t(`company.view.${props.kind}`);
  return (
    <div className={`video-block video-${props.kind}`}>
      {playing ? (
        <iframe
          ref={frame}
          className="video-frame"
          src={props.src}
          title={kind}
          width={props.width ?? '100%'}
          height={props.height}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <Poster
          label={t('company.view.playVideo')}
          kind={kind}
          height={props.height}
          width={props.width}
          onPlay={() => setActiveVideo(id)}
        />
      )}
    </div>
  );
}

type Hls = import('hls.js').default;

type StreamPhase = 'poster' | 'playing' | 'error';

function HlsVideo({ url }: { url: string }) {
  const { t } = useTranslation();
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<StreamPhase>('poster');
  const [attempt, setAttempt] = useState(0);
  useReleaseOnUnmount(id);
  usePauseWhenAnotherPlays(video, id);
  useStream(video, url, phase, attempt, setPhase);

  const kind = t('company.view.stream');
  if (phase === 'poster') {
    return (
      <div className="video-block video-stream">
        <Poster
          label={t('company.view.playVideo')}
          kind={kind}
          height={YOUTUBE_HEIGHT}
          onPlay={() => {
            setActiveVideo(id);
            setPhase('playing');
          }}
        />
      </div>
    );
  }
  return (
    <div className="video-block video-stream">
      {phase === 'error' ? (
        <StreamError
          onRetry={() => {
            setAttempt((n) => n + 1);
            setPhase('playing');
          }}
        />
      ) : null}
      {/* biome-ignore lint/a11y/useMediaCaption: a linked stream comes with whatever captions it carries in-band */}
      <video
        ref={video}
        className="video-el"
        controls
        playsInline
        aria-label={kind}
        onPlay={() => setActiveVideo(id)}
        hidden={phase === 'error'}
      />
    </div>
  );
}

/** Another video started: pause this one. */
function usePauseWhenAnotherPlays(video: RefObject<HTMLVideoElement | null>, id: string): void {
  useEffect(
    () =>
      subscribeActiveVideo(() => {
        const el = video.current;
        if (el && activeVideo() !== id && !el.paused) el.pause();
      }),
    [id, video],
  );
}

/**
 * While the phase is `playing`, attaches the stream to the <video> (natively where the browser
 * plays HLS, else through hls.js loaded now) and starts it; again on each new `attempt`. A fatal
 * failure sets the phase to `error`.
 */
function useStream(
  video: RefObject<HTMLVideoElement | null>,
  url: string,
  phase: StreamPhase,
  attempt: number,
  setPhase: (phase: StreamPhase) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button: it loads again
  useEffect(() => {
    const el = video.current;
    if (phase !== 'playing' || !el) return;
    let hls: Hls | null = null;
    let cancelled = false;
    (async () => {
      const src = await companyCalls.streamUrl(url);
      if (cancelled) return;
      if (el.canPlayType('application/vnd.apple.mpegurl')) {
        el.src = src;
      } else {
        const { default: HlsJs } = await import('hls.js');
        if (cancelled) return;
        if (!HlsJs.isSupported()) throw new Error('HLS is not supported');
        hls = new HlsJs();
        hls.on(HlsJs.Events.ERROR, (_event, data) => {
          if (data.fatal && !cancelled) setPhase('error');
        });
        hls.loadSource(src);
        hls.attachMedia(el);
      }
      await el.play().catch(() => undefined);
    })().catch((err: unknown) => {
      if (cancelled || isCancelled(err)) return;
      console.error('video', url, err);
      setPhase('error');
    });
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [phase, url, attempt, video, setPhase]);
}

function StreamError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="video-error" role="alert">
      <span>{t('http.loadFailed')}</span>
      <button type="button" className="btn btn-secondary btn-inline" onClick={onRetry}>
        {t('app.common.retry')}
      </button>
    </div>
  );
}
