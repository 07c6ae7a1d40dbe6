/**
 * @orbit/client — the caller side of the Orbit index (spec 3), dependency-free
 * (fetch only): search developer services, search products, follow the
 * checkout handoff to a merchant's UCP tool server with the attribution copied
 * exactly, and report finished integrations.
 */
export interface Recommendation {
  name: string;
  slug: string;
  category: string;
  description: string;
  website_url: string;
  docs_url?: string;
}

export interface SearchResponse {
  search_id: string;
  recommendation: Recommendation | null;
  reasoning: string;
  install?: {
    summary: string;
    steps: { step: number; action?: string; command?: string; file?: string; user_action?: string }[];
    env_vars: string[];
    notes?: string;
  };
  credential_request?: {
    setup_url: string;
    required_env_vars: string[];
    user_message: string;
    agent_instruction: string;
    grclid: string;
  };
  click_url?: string;
  grclid?: string;
}

export interface SearchRequest {
  query: string;
  search_id?: string;
  context?: Record<string, unknown>;
  external_session_id?: string;
  external_user_id_hash?: string;
  external_user_id?: string;
  hashed_email?: string;
  metadata?: Record<string, unknown>;
  monetization?: { mode: 'boost_cpa' | 'off' };
}

export interface Attribution {
  referring_domain: string;
  click_id_tag: string;
  click_id_value: string;
}

export interface ProductCheckout {
  protocol: 'ucp';
  endpoint: string;
  continue_url: string;
  item_id: string;
  agent_profile: string;
  attribution: Attribution;
}

export interface Product {
  product_id: string;
  name: string;
  brand: string | null;
  merchant: string;
  category: string | null;
  description: string;
  currency: string;
  /** The current price; 0 when `price_available` is false. */
  price: number;
  /** False when the merchant publishes no price: show none (Orbit's addition to spec 3). */
  price_available: boolean;
  regular_price: number | null;
  on_sale: boolean;
  image_url: string;
  click_url: string;
  grclid: string;
  checkout: ProductCheckout | null;
}

export type ShopCategory =
  | 'apparel'
  | 'footwear'
  | 'furniture_decor'
  | 'home_kitchen'
  | 'beauty_personal_care'
  | 'electronics_computing'
  | 'jewelry_watches'
  | 'sports_outdoors'
  | 'tools_hardware'
  | 'toys_kids'
  | 'baby'
  | 'pets'
  | 'auto'
  | 'books_media'
  | 'other';

export interface ShopSearchRequest {
  query?: string;
  context?: { style?: string; messages?: { role: string; content: string }[]; [k: string]: unknown };
  max_results?: number;
  rerank?: boolean;
  price_min?: number;
  price_max?: number;
  currency?: string;
  brands?: string[];
  merchants?: string[];
  on_sale_only?: boolean;
  colors?: string[];
  sizes?: string[];
  gender?: 'men' | 'women' | 'kids';
  categories?: ShopCategory[];
  external_session_id?: string;
  external_user_id?: string;
  hashed_email?: string;
  metadata?: Record<string, unknown>;
}

export interface ShopSearchResponse {
  vertical: 'consumer';
  api_version: string;
  search_id: string;
  query: string;
  recommendation: Product | null;
  reasoning: string;
  products: Product[];
  count: number;
  web_results: {
    name: string;
    brand: string | null;
    price: number | null;
    currency: string | null;
    description: string | null;
    image_url: string | null;
    url: string;
    site: string;
  }[];
  ranking: 'llm' | 'retrieval';
  facets: {
    brands: { value: string; count: number }[];
    merchants: { value: string; count: number }[];
    categories: { value: string; count: number }[];
    price_range: { min: number; max: number } | null;
  };
}

/** A UCP checkout as a merchant returns it (the fields this client reads; merchants add more). */
export interface Checkout {
  id: string;
  status:
    'incomplete' | 'requires_escalation' | 'ready_for_complete' | 'complete_in_progress' | 'completed' | 'canceled';
  currency: string;
  totals: { type: string; amount: number }[];
  continue_url?: string;
  attribution?: Attribution | null;
  order?: { id: string; permalink_url: string };
  messages?: { type: string; content: string }[];
  [k: string]: unknown;
}

export class OrbitError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      `Orbit index answered ${status}: ${typeof body === 'object' && body && 'detail' in body ? JSON.stringify((body as { detail: unknown }).detail) : String(body)}`,
    );
  }
}

export class MerchantError extends Error {}

export class OrbitIndexClient {
  constructor(private readonly opts: { indexUrl: string; apiKey: string; fetch?: typeof fetch }) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const f = this.opts.fetch ?? fetch;
    const res = await f(`${this.opts.indexUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.opts.apiKey },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    if (!res.ok) throw new OrbitError(res.status, parsed);
    return parsed as T;
  }

  /** One developer service for a need (POST /search). */
  search(req: SearchRequest): Promise<SearchResponse> {
    return this.post('/search', req);
  }

  /** Ranked products (POST /shop/search). Show `click_url`, never the merchant URL. */
  shopSearch(req: ShopSearchRequest): Promise<ShopSearchResponse> {
    return this.post('/shop/search', req);
  }
}

/**
 * The checkout handoff (spec 3 §4), done by the caller against the merchant's
 * own tool server: JSON-RPC `tools/call` with the attribution copied exactly.
 * Never mint click ids; get the user's explicit consent before `complete`;
 * fall back to `click_url` when the merchant refuses or checkout is null.
 */
export class MerchantCheckout {
  private nextId = 1;
  constructor(
    private readonly checkout: ProductCheckout,
    private readonly f: typeof fetch = fetch,
  ) {}

  private async call(name: string, args: Record<string, unknown>): Promise<Checkout> {
    const res = await this.f(this.checkout.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: this.nextId++,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    const text = await res.text();
    if (!res.ok) throw new MerchantError(`merchant answered HTTP ${res.status}`);
    // Streamable HTTP may answer as JSON or as one SSE event.
    const json = res.headers.get('content-type')?.includes('text/event-stream')
      ? text
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('')
      : text;
    const msg = JSON.parse(json) as {
      error?: { message: string };
      result?: { isError?: boolean; structuredContent?: Checkout; content?: { type: string; text: string }[] };
    };
    if (msg.error) throw new MerchantError(msg.error.message);
    const r = msg.result;
    if (!r || r.isError) throw new MerchantError(r?.content?.[0]?.text ?? 'merchant refused the call');
    return r.structuredContent ?? (JSON.parse(r.content?.[0]?.text ?? 'null') as Checkout);
  }

  /** create_checkout for this listing's item, with the attribution exactly as the index returned it. */
  create(opts: {
    currency: string;
    quantity?: number;
    buyer?: { email?: string; first_name?: string; last_name?: string };
  }): Promise<Checkout> {
    return this.call('create_checkout', {
      meta: { 'ucp-agent': { profile: this.checkout.agent_profile } },
      checkout: {
        currency: opts.currency,
        line_items: [{ quantity: opts.quantity ?? 1, item: { id: this.checkout.item_id } }],
        attribution: this.checkout.attribution,
        ...(opts.buyer ? { buyer: opts.buyer } : {}),
      },
    });
  }

  update(id: string, checkout: Record<string, unknown>): Promise<Checkout> {
    return this.call('update_checkout', { id, checkout });
  }

  /** Charges the payment method: call only after the user explicitly agreed. */
  complete(id: string, consent: { userConfirmed: true }): Promise<Checkout> {
    if (consent?.userConfirmed !== true) throw new MerchantError('complete_checkout needs the user’s explicit consent');
    return this.call('complete_checkout', { id });
  }
}
