/**
 * Who sells in the demo catalog (`generator.ts`): fictional merchants (domain, categories, taxonomy
 * style, currency, commission, whether each size is its own listing, the UCP reference merchant), the
 * brands of each category and the syllables model names are made of.
 */
import { PRODUCT_TYPES } from './product-types.js';

export interface Merchant {
  name: string;
  domain: string;
  categories: string[];
  style: number; // which taxonomy path style
  currency: string;
  commission: number;
  variantPerSize?: boolean;
  ucp?: boolean;
}

export const DEMO_MERCHANT = 'Orbit Demo Outfitters';

export const MERCHANTS: Merchant[] = [
  {
    name: 'Northwind Outfitters',
    domain: 'northwind-outfitters.example',
    categories: ['footwear', 'apparel', 'sports_outdoors'],
    style: 0,
    currency: 'USD',
    commission: 0.08,
  },
  {
    name: 'Trailhead Sports',
    domain: 'trailhead-sports.example',
    categories: ['footwear', 'sports_outdoors', 'apparel'],
    style: 2,
    currency: 'USD',
    commission: 0.06,
    variantPerSize: true,
  },
  {
    name: DEMO_MERCHANT,
    domain: 'outfitters.orbit-demo.example',
    categories: ['footwear', 'apparel'],
    style: 1,
    currency: 'USD',
    commission: 0.1,
    ucp: true,
  },
  {
    name: 'Hearth & Home',
    domain: 'hearthandhome.example',
    categories: ['home_kitchen', 'furniture_decor'],
    style: 0,
    currency: 'USD',
    commission: 0.05,
  },
  {
    name: 'Maison Lumière',
    domain: 'maison-lumiere.example',
    categories: ['furniture_decor', 'home_kitchen', 'beauty_personal_care'],
    style: 2,
    currency: 'EUR',
    commission: 0.07,
  },
  {
    name: 'Circuit Square',
    domain: 'circuitsquare.example',
    categories: ['electronics_computing'],
    style: 0,
    currency: 'USD',
    commission: 0.03,
  },
  {
    name: 'Glow Apothecary',
    domain: 'glow-apothecary.example',
    categories: ['beauty_personal_care'],
    style: 1,
    currency: 'USD',
    commission: 0.12,
  },
  {
    name: 'Little Sprout',
    domain: 'littlesprout.example',
    categories: ['baby', 'toys_kids', 'apparel', 'footwear'],
    style: 1,
    currency: 'USD',
    commission: 0.08,
  },
  {
    name: 'Pawsome Pets',
    domain: 'pawsome-pets.example',
    categories: ['pets'],
    style: 2,
    currency: 'USD',
    commission: 0.06,
  },
  {
    name: 'Garage Pro Supply',
    domain: 'garageprosupply.example',
    categories: ['tools_hardware', 'auto'],
    style: 0,
    currency: 'USD',
    commission: 0.04,
  },
  {
    name: 'Paper Lantern Books',
    domain: 'paperlantern.example',
    categories: ['books_media'],
    style: 1,
    currency: 'USD',
    commission: 0.05,
  },
  {
    name: 'Lumen Jewelers',
    domain: 'lumenjewelers.example',
    categories: ['jewelry_watches'],
    style: 2,
    currency: 'USD',
    commission: 0.1,
  },
  {
    name: 'Thames & Co',
    domain: 'thamesandco.example',
    categories: ['apparel', 'jewelry_watches', 'home_kitchen', 'electronics_computing'],
    style: 1,
    currency: 'GBP',
    commission: 0.06,
  },
  {
    name: 'MegaMart',
    domain: 'megamart.example',
    categories: [...new Set(PRODUCT_TYPES.map((t) => t.category))],
    style: 0,
    currency: 'USD',
    commission: 0.02,
  },
];

export const BRANDS: Record<string, string[]> = {
  footwear: ['Stride', 'Kestrel', 'Aerolite', 'Summit Peak', 'Pacer', 'Ridgeline', 'Velo', 'Norrland'],
  apparel: ['Northloom', 'Kestrel', 'Common Thread', 'Fjordwear', 'Urban Basin', 'Solstice', 'Pacer', 'Harbor & Pine'],
  furniture_decor: ['Oakhaven', 'Lumo', 'Nordhem', 'Casa Verde', 'Linenly'],
  home_kitchen: ['Ironhearth', 'Copperline', 'Brewmaster', 'Kitchwise', 'Vitablend', 'Hydroflow'],
  beauty_personal_care: ['Dermaleaf', 'Pure Ritual', 'Aurelle', 'Brightsmile', 'Saltwater Botanics'],
  electronics_computing: ['Sonara', 'Voltix', 'Keystone Labs', 'Pixelon', 'Auralink', 'Northbyte'],
  jewelry_watches: ['Aurum & Co', 'Lune', 'Hollis', 'Meridian Watch Co', 'Silverleaf'],
  sports_outdoors: ['Summit Peak', 'Ridgeline', 'Zenflow', 'IronCore', 'Trailcraft', 'Velo'],
  tools_hardware: ['Forgeline', 'Torqmax', 'Builtright', 'Ironside'],
  toys_kids: ['Brickworks', 'Playwise', 'Cuddle Co', 'Zoomkid', 'Meeple House'],
  baby: ['Little Nest', 'Babybloom', 'Cradlecare', 'Sproutly'],
  pets: ['Pawsh', 'Tailwind Pet', 'Whisker & Co', 'Barkley'],
  auto: ['Roadsafe', 'Drivewise', 'Autovolt'],
  books_media: ['Lantern Press', 'Harbor House', 'Groove Records', 'Northfield Books'],
  other: ['Brolly & Co', 'Giftly'],
};

export const SYLLABLES = [
  'aero',
  'vel',
  'zen',
  'nova',
  'flux',
  'tera',
  'luna',
  'cirro',
  'kai',
  'drift',
  'echo',
  'orbit',
  'pulse',
  'ridge',
  'sol',
  'tempo',
  'vista',
  'wave',
  'zephyr',
  'atlas',
];
export const SUFFIX = ['', ' 2', ' 3', ' Pro', ' Lite', ' Max', ' GTX', ' Flex', ' Elite', ' Air'];
