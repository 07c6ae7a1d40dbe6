import { startTestServer, BROWSER_UA, type TestServer } from '../helpers.js';
import * as accounts from '../../src/modules/accounts/service.js';
import { importProductRecords } from '../../src/modules/shop/catalog.js';
import { importServicesFile, DEMO_SERVICES_FILE } from '../../src/modules/index/catalog.js';
import { generateProducts } from '../../src/modules/shop/generator.js';
import type { ConfigInput } from '../../src/config.js';
import { randomBase62 } from '../../src/lib/ids.js';

/** A small, hand-made product set whose right answers are known. */
export const FIXTURE_PRODUCTS = [
  {
    product_id: 'fx-run-w-navy',
    name: "Stride Cloud Women's Running Shoes - Navy",
    brand: 'Stride',
    merchant: 'Northwind Outfitters',
    category: 'Apparel & Accessories > Shoes > Athletic Shoes > Running Shoes',
    description: 'Cushioned road running shoes for daily training.',
    currency: 'USD',
    price: 120,
    regular_price: 150,
    image_url: 'https://img.example/1.jpg',
    url: 'https://northwind.example/p/1',
    sizes: ['8', '9', '10'],
    gender: 'women',
    availability: 'in stock',
    commission_rate: 0.08,
  },
  {
    product_id: 'fx-run-m-red',
    name: "Stride Cloud Men's Running Shoes - Red",
    brand: 'Stride',
    merchant: 'Northwind Outfitters',
    category: 'Apparel & Accessories > Shoes > Athletic Shoes > Running Shoes',
    description: 'Cushioned road running shoes for daily training.',
    currency: 'USD',
    price: 110,
    regular_price: 110,
    image_url: 'https://img.example/2.jpg',
    url: 'https://northwind.example/p/2',
    sizes: ['10', '11'],
    gender: 'men',
    availability: 'in stock',
    commission_rate: 0.08,
  },
  {
    product_id: 'fx-run-eur',
    name: 'Kestrel Tempo Running Shoes - Black',
    brand: 'Kestrel',
    merchant: 'Maison Lumière',
    category: 'Shoes/Running',
    description: 'Light running shoes for tempo runs.',
    currency: 'EUR',
    price: 92,
    regular_price: 92,
    image_url: 'https://img.example/3.jpg',
    url: 'https://maison.example/p/3',
    sizes: [],
    availability: 'in stock',
    commission_rate: 0.05,
  },
  {
    product_id: 'fx-ucp',
    name: 'Pacer Road Running Shoes - Blue',
    brand: 'Pacer',
    merchant: 'Orbit Demo Outfitters',
    category: 'Shoes/Running',
    description: 'Everyday running shoes.',
    currency: 'USD',
    price: 80,
    regular_price: 100,
    image_url: 'https://img.example/4.jpg',
    url: 'https://outfitters.example/p/4',
    sizes: ['9', '10'],
    availability: 'in stock',
    commission_rate: 0.1,
    checkout: {
      protocol: 'ucp',
      endpoint: 'http://127.0.0.1:1/mcp',
      continue_url: 'https://outfitters.example/cart/4',
      item_id: 'fx-ucp',
    },
  },
  {
    product_id: 'fx-lamp',
    name: 'Lumo LED Desk Lamp - White',
    brand: 'Lumo',
    merchant: 'Hearth & Home',
    category: 'Home & Garden > Lighting > Lamps',
    description: 'Dimmable desk lamp for the home office.',
    currency: 'USD',
    price: 45,
    regular_price: 45,
    image_url: 'https://img.example/5.jpg',
    url: 'https://hearth.example/p/5',
    availability: 'in stock',
    commission_rate: 0.05,
  },
  {
    product_id: 'fx-oos',
    name: 'Stride Out Of Stock Running Shoes',
    brand: 'Stride',
    merchant: 'Northwind Outfitters',
    category: 'Shoes/Running',
    description: 'Gone.',
    currency: 'USD',
    price: 99,
    image_url: 'https://img.example/6.jpg',
    url: 'https://northwind.example/p/6',
    availability: 'out of stock',
  },
  {
    product_id: 'fx-noimg',
    name: 'Stride Imageless Running Shoes',
    brand: 'Stride',
    merchant: 'Northwind Outfitters',
    category: 'Shoes/Running',
    description: 'No picture.',
    currency: 'USD',
    price: 99,
    image_url: '',
    url: 'https://northwind.example/p/7',
    availability: 'in stock',
  },
];

export interface IndexWorld {
  server: TestServer;
  url: string;
  key: string;
  publisherId: string;
}

/** A server with the demo services, the fixture products (+ `generated` generator products) and an index-approved publisher. */
export async function startIndexWorld(opts: { generated?: number; config?: ConfigInput } = {}): Promise<IndexWorld> {
  const server = await startTestServer(opts.config ?? {});
  await importServicesFile(server.ctx, DEMO_SERVICES_FILE);
  const gen = [...generateProducts({ count: opts.generated ?? 0 })].map(
    (g) => g.product as unknown as Record<string, unknown>,
  );
  await importProductRecords(server.ctx, [...FIXTURE_PRODUCTS, ...gen]);
  const pub = await accounts.createPublisher(server.ctx, {
    name: `Idx ${randomBase62(6)}`,
    url: 'https://chat.example.com',
    indexApproved: true,
  });
  return { server, url: server.url, key: pub.apiKey, publisherId: pub.publisher.id };
}

export async function post(
  url: string,
  path: string,
  body: unknown,
  key?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': BROWSER_UA,
      ...(key ? { 'x-api-key': key } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
