/**
 * `@orbit-ads/react`: render Orbit ad objects in a React app.
 *
 *   <Ad ad={ad} variant="card" sessionId={sid} feedbackUrl="/api/ad-feedback" />
 *
 * - Labelled "Sponsored"; the link is `rel="sponsored noopener"`.
 * - Fires `impUrl` once, when at least 50% of the ad is visible.
 * - Shows thumbs up/down when the server sets `feedbackPrompt`; feedback goes to
 *   `feedbackUrl` (your backend, which adds the publisher key and forwards to
 *   `POST {platform_url}/ad-feedback`) or to your `onFeedback` handler. Never
 *   put the publisher key in the browser.
 * - Server-safe: nothing touches `window` during render.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  AD_REL,
  COMMENT_MAX,
  REASONS,
  feedbackPayload,
  fetchAd,
  fireImpression,
  postFeedback,
  viewOf,
  watchVisibility,
  type AdFetchRequest,
  type AdObject,
  type AdVariant,
  type FeedbackPayload,
  type Sentiment,
} from './core.js';
import { S, THUMB_PATH } from './styles.js';

export type { AdObject, AdVariant, FeedbackPayload, Sentiment, AdFetchRequest } from './core.js';
export { fetchAd, postFeedback } from './core.js';

const css = (s: Record<string, string>): CSSProperties => s as CSSProperties;

export interface AdTrackingOptions {
  onImpression?: (ad: AdObject) => void;
  onClick?: (ad: AdObject, event: MouseEvent<HTMLElement>) => void;
}

/**
 * Headless tracking for custom renderers: attach `ref` to the ad's outer
 * element and `onClick` to its link. The impression fires once at ≥50% visibility.
 */
export function useAdTracking(ad: AdObject | null | undefined, opts: AdTrackingOptions = {}) {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [impressed, setImpressed] = useState(false);
  const latest = useRef(opts);
  latest.current = opts;
  const current = useRef(ad);
  current.current = ad;
  const impUrl = ad?.impUrl;
  const hasAd = !!ad;
  useEffect(() => {
    if (!el || !hasAd) return;
    return watchVisibility(el, () => {
      const first = fireImpression(impUrl);
      setImpressed(true);
      if ((first || !impUrl) && current.current) latest.current.onImpression?.(current.current);
    });
  }, [el, impUrl, hasAd]); // one watch per element and impression URL
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (ad) latest.current.onClick?.(ad, event);
    },
    [ad],
  );
  return { ref: setEl, impressed, onClick };
}

export interface AdFeedbackOptions {
  sessionId?: string;
  userId?: string;
  /** Your endpoint that forwards to `POST /ad-feedback` with the publisher key. */
  feedbackUrl?: string;
  /** Extra headers for `feedbackUrl` (for example your own CSRF token). */
  feedbackHeaders?: Record<string, string>;
  /** Handle feedback yourself instead of (or as well as) `feedbackUrl`. */
  onFeedback?: (payload: FeedbackPayload) => void | Promise<unknown>;
}

export type FeedbackState = 'idle' | 'open' | 'sent';

/** State and actions of the feedback controls; sending never blocks and never throws. */
export function useAdFeedback(ad: AdObject | null | undefined, opts: AdFeedbackOptions) {
  const [state, setState] = useState<FeedbackState>('idle');
  const [sentiment, setSentiment] = useState<Sentiment | null>(null);
  const latest = useRef(opts);
  latest.current = opts;
  const choose = useCallback((s: Sentiment) => {
    setSentiment(s);
    setState('open');
  }, []);
  const cancel = useCallback(() => {
    setSentiment(null);
    setState('idle');
  }, []);
  const submit = useCallback(
    (details: { reasons?: string[]; comment?: string } = {}) => {
      const o = latest.current;
      if (!ad || !sentiment) return;
      setState('sent');
      const payload = feedbackPayload(ad, { sessionId: o.sessionId ?? '', sentiment, userId: o.userId, ...details });
      if (!payload) return;
      try {
        if (o.feedbackUrl) void postFeedback(o.feedbackUrl, payload, o.feedbackHeaders);
        const r = o.onFeedback?.(payload);
        if (r && typeof (r as Promise<unknown>).catch === 'function') (r as Promise<unknown>).catch(() => undefined);
      } catch {
        /* feedback is fire-and-forget */
      }
    },
    [ad, sentiment],
  );
  return { state, sentiment, choose, cancel, submit };
}

/**
 * Fetch one ad from your own endpoint (which calls `POST /api/v1/ad` with the
 * publisher key and returns its answer). Re-fetches when the request changes.
 */
export function useAd(endpoint: string | null | undefined, request: AdFetchRequest) {
  const [ad, setAd] = useState<AdObject | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(request);
  useEffect(() => {
    if (!endpoint) return;
    const ctrl = typeof AbortController === 'function' ? new AbortController() : undefined;
    setLoading(true);
    void fetchAd(endpoint, JSON.parse(key) as AdFetchRequest, ctrl?.signal).then((a) => {
      if (ctrl?.signal.aborted) return;
      setAd(a);
      setLoading(false);
    });
    return () => ctrl?.abort();
  }, [endpoint, key]);
  return { ad, loading };
}

function Thumb({ down }: { down?: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path fill="currentColor" d={THUMB_PATH} />
    </svg>
  );
}

function Feedback({ ad, opts }: { ad: AdObject; opts: AdFeedbackOptions }) {
  const fb = useAdFeedback(ad, opts);
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const stop = (e: MouseEvent) => e.stopPropagation();
  if (fb.state === 'sent') {
    return (
      <div style={css(S.feedback)} role="status" data-orbit-feedback="sent">
        Thanks for your feedback.
      </div>
    );
  }
  const toggle = (v: string) => setReasons((r) => (r.includes(v) ? r.filter((x) => x !== v) : [...r, v]));
  return (
    <div style={css(S.feedback)} onClick={stop} data-orbit-feedback={fb.state}>
      <span>Was this ad relevant?</span>
      {(['thumbs_up', 'thumbs_down'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-label={s === 'thumbs_up' ? 'Thumbs up' : 'Thumbs down'}
          aria-pressed={fb.sentiment === s}
          style={css({ ...S.thumb, ...(fb.sentiment === s ? S.chipOn : {}) })}
          onClick={() => {
            setReasons([]);
            fb.choose(s);
          }}
        >
          <Thumb down={s === 'thumbs_down'} />
        </button>
      ))}
      {fb.state === 'open' && fb.sentiment && (
        <div style={css(S.panel)}>
          <div style={css(S.row)} role="group" aria-label="Reasons (optional)">
            {REASONS[fb.sentiment].map((r) => (
              <button
                key={r.value}
                type="button"
                aria-pressed={reasons.includes(r.value)}
                style={css({ ...S.chip, ...(reasons.includes(r.value) ? S.chipOn : {}) })}
                onClick={() => toggle(r.value)}
              >
                {r.label}
              </button>
            ))}
          </div>
          <textarea
            aria-label="Comment (optional)"
            placeholder="Tell us more (optional)"
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            style={css(S.textarea)}
          />
          <div style={css(S.row)}>
            <button type="button" style={css(S.send)} onClick={() => fb.submit({ reasons, comment })}>
              Send feedback
            </button>
            <button type="button" style={css(S.plain)} onClick={fb.cancel}>
              Cancel
            </button>
            <span>
              {comment.length}/{COMMENT_MAX}
            </span>
          </div>
        </div>
      )}
    </div>
  );
}

/** The advertiser's icon; its initial when the image is missing or fails to load. */
function Favicon({ src, initial }: { src: string; initial: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span style={css(S.initial)} aria-hidden="true">
        {initial}
      </span>
    );
  }
  return <img src={src} alt="" width={20} height={20} style={css(S.icon)} onError={() => setFailed(true)} />;
}

export interface AdProps extends AdTrackingOptions, AdFeedbackOptions {
  ad: AdObject | null | undefined;
  variant?: AdVariant;
  /** Show the feedback controls; defaults to the server's `feedbackPrompt`. */
  feedback?: boolean;
  /** Where the ad link opens; a new tab by default. */
  target?: string;
  /** Text of the disclosure label. */
  label?: string;
  className?: string;
  style?: CSSProperties;
}

/** An Orbit ad in one of four variants: `card` (default), `inline`, `minimal`, `text`. */
export function Ad(props: AdProps): ReactNode {
  const { ad, variant = 'card', target = '_blank', label = 'Sponsored', className, style } = props;
  const tracking = useAdTracking(ad, props);
  const view = useMemo(() => (ad ? viewOf(ad) : null), [ad]);
  if (!ad || !view) return null;
  const showFeedback =
    (props.feedback ?? ad.feedbackPrompt === true) && !!ad.impUrl && (!!props.feedbackUrl || !!props.onFeedback);
  const linkProps = view.href ? { href: view.href, rel: AD_REL, target, onClick: tracking.onClick } : {};
  const root = { ...css(S.root(variant)), ...style };
  const tag = <span style={css(S.label)}>{label}</span>;
  const common = {
    ref: tracking.ref,
    className: className ? `orbit-ad ${className}` : 'orbit-ad',
    'data-orbit-ad': variant,
    'data-impressed': tracking.impressed ? 'true' : 'false',
  };

  if (variant === 'text') {
    return (
      <span {...common} style={root}>
        {tag}{' '}
        {view.href ? (
          <a {...linkProps} style={css(S.textLink)}>
            {view.title}
          </a>
        ) : (
          <span>{view.title}</span>
        )}
        {view.brand && view.brand !== view.title ? (
          <span style={{ color: 'var(--orbit-ad-muted, #6b7280)' }}> · {view.brand}</span>
        ) : null}
        {showFeedback && <Feedback ad={ad} opts={props} />}
      </span>
    );
  }

  const icon = view.favicon ? (
    <Favicon src={view.favicon} initial={view.initial} />
  ) : (
    <span style={css(S.initial)} aria-hidden="true">
      {view.initial}
    </span>
  );
  const header = (
    <span style={css(S.header)}>
      {icon}
      {view.brand && <span style={css(S.brand)}>{view.brand}</span>}
      {tag}
    </span>
  );

  let body: ReactNode;
  if (variant === 'inline') {
    body = (
      <>
        {header}
        <span style={{ fontSize: '14px' }}>
          <strong>{view.title}</strong>
          {view.text ? ` — ${view.text}` : ''} <span style={css(S.inlineCta)}>{view.cta} →</span>
        </span>
      </>
    );
  } else if (variant === 'minimal') {
    body = (
      <>
        {header}
        <span style={{ ...css(S.title), display: 'block', fontSize: '14px', margin: '0' }}>{view.title}</span>
      </>
    );
  } else {
    body = (
      <>
        {header}
        <span style={{ ...css(S.title), display: 'block' }}>{view.title}</span>
        {view.text && <span style={{ ...css(S.text), display: 'block' }}>{view.text}</span>}
        <span style={css(S.cta)}>{view.cta}</span>
      </>
    );
  }
  return (
    <div {...common} style={root}>
      {view.href ? (
        <a {...linkProps} style={css(S.link)}>
          {body}
        </a>
      ) : (
        <div style={css(S.link)}>{body}</div>
      )}
      {showFeedback && <Feedback ad={ad} opts={props} />}
    </div>
  );
}

export default Ad;
