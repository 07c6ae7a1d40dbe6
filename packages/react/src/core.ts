/**
 * Framework-free behaviour shared by the React `<Ad>` component and the embed
 * script: normalising an ad object, firing the impression once when at least
 * half of the ad is visible, and sending end-user feedback. Nothing here runs
 * at import time or touches `window` outside a function call, so it is safe to
 * import during server rendering.
 */

/** The ad object returned by `POST /api/v1/ad` (every field treated as optional: an ad missing some still renders). */
export interface AdObject {
  adText?: string;
  title?: string;
  cta?: string;
  brandName?: string;
  url?: string;
  favicon?: string;
  impUrl?: string;
  clickUrl?: string;
  placement?: string;
  placement_id?: string;
  campaignId?: string;
  feedbackPrompt?: boolean;
  isTest?: boolean;
}

export type AdVariant = 'card' | 'inline' | 'minimal' | 'text';
export type Sentiment = 'thumbs_up' | 'thumbs_down';

/** What is shown, with fallbacks for missing optional fields. */
export interface AdView {
  title: string;
  text: string;
  cta: string;
  brand: string;
  href: string | null;
  favicon: string | null;
  initial: string;
}

function hostOf(u: string | undefined): string {
  if (!u) return '';
  try {
    return new URL(u).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function viewOf(ad: AdObject): AdView {
  const brand = str(ad.brandName) || hostOf(ad.url) || hostOf(ad.clickUrl);
  const text = str(ad.adText);
  const title = str(ad.title) || brand || text;
  const href = str(ad.clickUrl) || str(ad.url) || null;
  const favicon =
    /^(https?:)?\/\//.test(str(ad.favicon)) || str(ad.favicon).startsWith('data:image/') ? str(ad.favicon) : null;
  return {
    title,
    text: text === title ? '' : text,
    cta: str(ad.cta) || 'Learn more',
    brand,
    href,
    favicon,
    initial: (brand || title || '?').charAt(0).toUpperCase(),
  };
}

/** The `rel` of every ad link: marks the link as paid and cuts the opener. */
export const AD_REL = 'sponsored noopener';

const fired = new Set<string>();

/**
 * GET the impression URL once per page for a given URL (the server
 * deduplicates too). Never throws: a failed call cannot break the host page.
 */
export function fireImpression(impUrl: string | undefined): boolean {
  if (!impUrl || fired.has(impUrl)) return false;
  fired.add(impUrl);
  try {
    if (typeof fetch === 'function') {
      void fetch(impUrl, {
        method: 'GET',
        mode: 'no-cors',
        credentials: 'omit',
        cache: 'no-store',
        keepalive: true,
      }).catch(() => undefined);
    } else if (typeof Image === 'function') {
      new Image().src = impUrl;
    }
  } catch {
    /* a tracking failure never reaches the host page */
  }
  return true;
}

/** Whether this impression URL was already fired on this page. */
export const impressionFired = (impUrl: string | undefined): boolean => !!impUrl && fired.has(impUrl);

export const VISIBLE_RATIO = 0.5;

/**
 * Call `onVisible` once, the first time at least half of `el` is inside the
 * viewport. Returns a function that stops watching.
 */
export function watchVisibility(el: Element, onVisible: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    stop();
    onVisible();
  };
  let stop = () => {};
  if (typeof IntersectionObserver === 'function') {
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting && e.intersectionRatio >= VISIBLE_RATIO) once();
      },
      { threshold: VISIBLE_RATIO },
    );
    io.observe(el);
    stop = () => io.disconnect();
  } else if (typeof window !== 'undefined') {
    // Old browsers: measure on scroll and resize.
    const check = () => {
      const r = el.getBoundingClientRect();
      const vh = window.innerHeight || document.documentElement.clientHeight;
      const vw = window.innerWidth || document.documentElement.clientWidth;
      const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
      const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
      if (r.width * r.height > 0 && (h * w) / (r.width * r.height) >= VISIBLE_RATIO) once();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    stop = () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
    check();
  }
  return () => {
    done = true;
    stop();
  };
}

/** Body of `POST {platform_url}/ad-feedback` (spec 1). */
export interface FeedbackPayload {
  sessionId: string;
  impUrl: string;
  sentiment: Sentiment;
  reasons?: string[];
  comment?: string;
  placement?: string;
  placementId?: string;
  userId?: string;
}

export const REASONS: Record<Sentiment, { value: string; label: string }[]> = {
  thumbs_up: [{ value: 'helpful', label: 'Helpful' }],
  thumbs_down: [
    { value: 'not_interested', label: 'Not interested' },
    { value: 'irrelevant', label: 'Irrelevant' },
    { value: 'repetitive', label: 'Repetitive' },
    { value: 'misleading', label: 'Misleading' },
    { value: 'offensive', label: 'Offensive' },
  ],
};

export const COMMENT_MAX = 1000;

export function feedbackPayload(
  ad: AdObject,
  input: { sessionId: string; sentiment: Sentiment; reasons?: string[]; comment?: string; userId?: string },
): FeedbackPayload | null {
  if (!ad.impUrl || !input.sessionId) return null;
  const p: FeedbackPayload = { sessionId: input.sessionId, impUrl: ad.impUrl, sentiment: input.sentiment };
  if (input.reasons?.length) p.reasons = input.reasons;
  const comment = input.comment?.trim().slice(0, COMMENT_MAX);
  if (comment) p.comment = comment;
  if (ad.placement) p.placement = ad.placement;
  if (ad.placement_id) p.placementId = ad.placement_id;
  if (input.userId) p.userId = input.userId;
  return p;
}

/**
 * POST feedback as JSON to `url` (the publisher's own endpoint, which adds the
 * publisher key and forwards to `/ad-feedback`). Fire-and-forget: resolves to
 * whether it was accepted and never rejects.
 */
export async function postFeedback(
  url: string,
  payload: FeedbackPayload,
  headers: Record<string, string> = {},
): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
      keepalive: true,
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** The request a page sends to its own ad endpoint (which calls `POST /api/v1/ad` with the publisher key). */
export interface AdFetchRequest {
  messages?: { role: 'user' | 'assistant'; content: string }[];
  sessionId: string;
  placement?: string;
  placementId?: string;
  userId?: string;
}

/**
 * Ask the publisher's own endpoint for ads. It accepts the body of
 * `POST /api/v1/ad` and answers with its array (or 204). Returns the ad for
 * the requested slot, or null (no fill, error, bad answer).
 */
export async function fetchAd(endpoint: string, req: AdFetchRequest, signal?: AbortSignal): Promise<AdObject | null> {
  const placement = req.placement || 'below_response';
  const placementId = req.placementId || placement;
  const body = {
    messages: req.messages ?? [],
    sessionId: req.sessionId,
    placements: [{ placement, placement_id: placementId }],
    ...(req.userId ? { userId: req.userId } : {}),
  };
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (res.status !== 200) return null;
    const data = (await res.json()) as unknown;
    const list = Array.isArray(data)
      ? data
      : data && typeof data === 'object' && Array.isArray((data as { ads?: unknown }).ads)
        ? (data as { ads: unknown[] }).ads
        : [];
    const ads = list.filter((a): a is AdObject => !!a && typeof a === 'object');
    return ads.find((a) => a.placement_id === placementId) ?? ads[0] ?? null;
  } catch {
    return null;
  }
}

/** A random session id for pages that have none of their own. */
export function newSessionId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    /* fall through */
  }
  return `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
