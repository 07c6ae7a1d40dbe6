/**
 * Orbit embed: one `<script>` tag, no dependencies, for sites without React.
 * Same behaviour as the React `<Ad>`: "Sponsored" label, `rel="sponsored
 * noopener"`, `impUrl` fired once at ≥50% visibility, feedback controls when
 * the server sets `feedbackPrompt`, and failures never reach the host page.
 *
 * Declarative: a container with `data-orbit-slot` is filled on load, either
 * from an ad object in `data-orbit-ad-json` or from your own endpoint in
 * `data-orbit-endpoint` (which calls `POST /api/v1/ad` with your publisher key):
 *
 *   <div data-orbit-slot data-orbit-endpoint="/api/ads" data-orbit-placement="below_response"
 *        data-orbit-placement-id="Chat-Below" data-orbit-context="…" data-orbit-feedback-url="/api/ad-feedback"></div>
 *   <script src="https://orbit.example.com/embed.js" async></script>
 *
 * Programmatic: `OrbitAds.render(el, ad, options)` and `OrbitAds.load(el, options)`;
 * code that runs before the script loads can queue functions on
 * `window.orbitAdsQueue = [fn, …]` (each is called with `OrbitAds`).
 */
import {
  AD_REL,
  COMMENT_MAX,
  REASONS,
  feedbackPayload,
  fetchAd,
  fireImpression,
  newSessionId,
  postFeedback,
  viewOf,
  watchVisibility,
  type AdFetchRequest,
  type AdObject,
  type AdVariant,
  type FeedbackPayload,
  type Sentiment,
} from '../../react/src/core.js';
import { S, THUMB_PATH, type Style } from '../../react/src/styles.js';

export interface RenderOptions {
  variant?: AdVariant;
  sessionId?: string;
  userId?: string;
  feedbackUrl?: string;
  feedback?: boolean;
  target?: string;
  label?: string;
  onImpression?: (ad: AdObject) => void;
  onClick?: (ad: AdObject, event: MouseEvent) => void;
  onFeedback?: (payload: FeedbackPayload) => void;
}

export interface LoadOptions extends RenderOptions, Partial<AdFetchRequest> {
  endpoint: string;
  /** A single piece of page context, sent as one user message when `messages` is absent. */
  context?: string;
}

export interface Rendered {
  ad: AdObject;
  element: HTMLElement;
  destroy(): void;
}

type Child = Node | string | null | undefined | false;

function h(tag: string, style: Style | null, attrs: Record<string, string> = {}, children: Child[] = []): HTMLElement {
  const el = document.createElement(tag);
  if (style) Object.assign(el.style, style);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c) el.append(c);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';
function thumb(down: boolean): SVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  if (down) svg.style.transform = 'rotate(180deg)';
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', THUMB_PATH);
  svg.append(path);
  return svg;
}

function safe(fn: (() => void) | undefined): void {
  try {
    fn?.();
  } catch {
    /* a host callback failing must not stop the ad */
  }
}

function feedbackControls(ad: AdObject, opts: RenderOptions): HTMLElement {
  const box = h('div', S.feedback, { 'data-orbit-feedback': 'idle' });
  box.addEventListener('click', (e) => e.stopPropagation());
  const draw = (sentiment: Sentiment | null) => {
    box.replaceChildren();
    box.setAttribute('data-orbit-feedback', sentiment ? 'open' : 'idle');
    box.append(h('span', null, {}, ['Was this ad relevant?']));
    for (const s of ['thumbs_up', 'thumbs_down'] as const) {
      const b = h(
        'button',
        { ...S.thumb, ...(sentiment === s ? S.chipOn : {}) },
        {
          type: 'button',
          'aria-label': s === 'thumbs_up' ? 'Thumbs up' : 'Thumbs down',
          'aria-pressed': String(sentiment === s),
        },
        [thumb(s === 'thumbs_down')],
      );
      b.addEventListener('click', () => draw(s));
      box.append(b);
    }
    if (!sentiment) return;
    const reasons = new Set<string>();
    const chips = h('div', S.row, { role: 'group', 'aria-label': 'Reasons (optional)' });
    for (const r of REASONS[sentiment]) {
      const c = h('button', S.chip, { type: 'button', 'aria-pressed': 'false' }, [r.label]);
      c.addEventListener('click', () => {
        const on = !reasons.has(r.value);
        if (on) reasons.add(r.value);
        else reasons.delete(r.value);
        c.setAttribute('aria-pressed', String(on));
        Object.assign(c.style, on ? S.chipOn : { borderColor: '', color: S.chip.color, background: S.chip.background });
      });
      chips.append(c);
    }
    const text = h('textarea', S.textarea, {
      'aria-label': 'Comment (optional)',
      placeholder: 'Tell us more (optional)',
      maxlength: String(COMMENT_MAX),
    }) as HTMLTextAreaElement;
    const count = h('span', null, {}, [`0/${COMMENT_MAX}`]);
    text.addEventListener('input', () => (count.textContent = `${text.value.length}/${COMMENT_MAX}`));
    const send = h('button', S.send, { type: 'button' }, ['Send feedback']);
    const cancel = h('button', S.plain, { type: 'button' }, ['Cancel']);
    cancel.addEventListener('click', () => draw(null));
    send.addEventListener('click', () => {
      box.replaceChildren('Thanks for your feedback.');
      box.setAttribute('data-orbit-feedback', 'sent');
      box.setAttribute('role', 'status');
      const payload = feedbackPayload(ad, {
        sessionId: opts.sessionId ?? '',
        sentiment,
        reasons: [...reasons],
        comment: text.value,
        userId: opts.userId,
      });
      if (!payload) return;
      if (opts.feedbackUrl) void postFeedback(opts.feedbackUrl, payload);
      safe(() => opts.onFeedback?.(payload));
    });
    box.append(h('div', S.panel, {}, [chips, text, h('div', S.row, {}, [send, cancel, count])]));
  };
  draw(null);
  return box;
}

const mounted = new WeakMap<Element, Rendered>();

/** Render `ad` into `container` (replacing its content, and the ad rendered there before). */
export function render(container: Element, ad: AdObject, opts: RenderOptions = {}): Rendered | null {
  if (!container || !ad || typeof ad !== 'object') return null;
  mounted.get(container)?.destroy();
  const variant: AdVariant =
    opts.variant && ['card', 'inline', 'minimal', 'text'].includes(opts.variant) ? opts.variant : 'card';
  const v = viewOf(ad);
  const label = h('span', S.label, {}, [opts.label ?? 'Sponsored']);
  const root = h(variant === 'text' ? 'span' : 'div', S.root(variant), {
    class: 'orbit-ad',
    'data-orbit-ad': variant,
    'data-impressed': 'false',
  });
  const link = (style: Style, children: Child[]) => {
    if (!v.href) return h(variant === 'text' ? 'span' : 'div', variant === 'text' ? null : style, {}, children);
    const a = h('a', style, { href: v.href, rel: AD_REL, target: opts.target ?? '_blank' }, children);
    a.addEventListener('click', (e) => safe(() => opts.onClick?.(ad, e)));
    return a;
  };
  if (variant === 'text') {
    root.append(label, ' ', link(S.textLink, [v.title]));
    if (v.brand && v.brand !== v.title)
      root.append(h('span', { color: 'var(--orbit-ad-muted, #6b7280)' }, {}, [` · ${v.brand}`]));
  } else {
    const initial = () => h('span', S.initial, { 'aria-hidden': 'true' }, [v.initial]);
    let icon: HTMLElement = initial();
    if (v.favicon) {
      const img = h('img', S.icon, { src: v.favicon, alt: '', width: '20', height: '20' });
      img.addEventListener('error', () => img.replaceWith(initial()));
      icon = img;
    }
    const header = h('span', S.header, {}, [icon, v.brand && h('span', S.brand, {}, [v.brand]), label]);
    let body: Child[];
    if (variant === 'inline') {
      body = [
        header,
        h('span', { fontSize: '14px' }, {}, [
          h('strong', null, {}, [v.title]),
          v.text ? ` — ${v.text}` : '',
          ' ',
          h('span', S.inlineCta, {}, [`${v.cta} →`]),
        ]),
      ];
    } else if (variant === 'minimal') {
      body = [header, h('span', { ...S.title, display: 'block', fontSize: '14px', margin: '0' }, {}, [v.title])];
    } else {
      body = [
        header,
        h('span', { ...S.title, display: 'block' }, {}, [v.title]),
        v.text && h('span', { ...S.text, display: 'block' }, {}, [v.text]),
        h('span', S.cta, {}, [v.cta]),
      ];
    }
    root.append(link(S.link, body));
  }
  const wantFeedback =
    (opts.feedback ?? ad.feedbackPrompt === true) && !!ad.impUrl && (!!opts.feedbackUrl || !!opts.onFeedback);
  if (wantFeedback) root.append(feedbackControls(ad, opts));
  container.replaceChildren(root);
  const stop = watchVisibility(root, () => {
    const first = fireImpression(ad.impUrl);
    root.setAttribute('data-impressed', 'true');
    if (first || !ad.impUrl) safe(() => opts.onImpression?.(ad));
  });
  const rendered: Rendered = {
    ad,
    element: root,
    destroy() {
      stop();
      root.remove();
      if (mounted.get(container) === rendered) mounted.delete(container);
    },
  };
  mounted.set(container, rendered);
  return rendered;
}

/** Fetch an ad from your endpoint and render it; resolves to null (and leaves the container empty) when nothing fills. */
export async function load(container: Element, opts: LoadOptions): Promise<Rendered | null> {
  const sessionId = opts.sessionId || newSessionId();
  const messages = opts.messages ?? (opts.context ? [{ role: 'user' as const, content: opts.context }] : []);
  const ad = await fetchAd(opts.endpoint, {
    messages,
    sessionId,
    placement: opts.placement,
    placementId: opts.placementId,
    userId: opts.userId,
  });
  if (!ad) return null;
  return render(container, ad, { ...opts, sessionId });
}

function fromAttributes(el: HTMLElement): void {
  const d = el.dataset;
  const opts: RenderOptions = {
    variant: d.orbitVariant as AdVariant | undefined,
    sessionId: d.orbitSession,
    userId: d.orbitUser,
    feedbackUrl: d.orbitFeedbackUrl,
    target: d.orbitTarget,
  };
  el.setAttribute('data-orbit-slot', 'done');
  if (d.orbitAdJson) {
    try {
      render(el, JSON.parse(d.orbitAdJson) as AdObject, opts);
    } catch {
      /* a malformed ad leaves the slot empty */
    }
  } else if (d.orbitEndpoint) {
    void load(el, {
      ...opts,
      endpoint: d.orbitEndpoint,
      placement: d.orbitPlacement,
      placementId: d.orbitPlacementId,
      context: d.orbitContext,
    }).catch(() => null);
  }
}

/** Fill every `[data-orbit-slot]` container not filled yet. */
export function scan(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-orbit-slot]:not([data-orbit-slot="done"])').forEach(fromAttributes);
}

const api = { render, load, scan, version: '0.1.0' };
export type OrbitAds = typeof api;

declare global {
  interface Window {
    OrbitAds?: OrbitAds;
    orbitAdsQueue?: Array<(o: OrbitAds) => void> | { push(fn: (o: OrbitAds) => void): void };
  }
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.OrbitAds = api;
  const queued = Array.isArray(window.orbitAdsQueue) ? window.orbitAdsQueue : [];
  window.orbitAdsQueue = { push: (fn: (o: OrbitAds) => void) => safe(() => fn(api)) };
  for (const fn of queued) safe(() => fn(api));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => scan());
  else scan();
}
