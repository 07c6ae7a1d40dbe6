/**
 * Deterministic generator of a realistic demo product catalog (no real
 * product data ships with Orbit). The same seed gives the same catalog byte
 * for byte, so the demo, the tests, the relevance set and the 100k benchmark
 * all agree without committing megabytes of JSONL. Brands and merchants are
 * fictional; titles, taxonomies, sizes, colours, prices, sales and stock
 * follow the shapes real merchant feeds have (including listings that are out
 * of stock or lack an image, which import must drop).
 */
export interface FeedProduct {
  product_id: string;
  name: string;
  brand: string | null;
  merchant: string;
  category: string; // merchant taxonomy path
  description: string;
  currency: string;
  price: number;
  regular_price: number | null;
  image_url: string;
  url: string;
  sizes: string[];
  color: string | null;
  gender: string | null;
  availability: 'in stock' | 'out of stock';
  commission_rate: number;
  checkout?: { protocol: 'ucp'; endpoint: string; continue_url: string; item_id: string } | null;
}

/** Ground truth the relevance set is labelled from (never used by ranking). */
export interface Truth {
  type: string;
  category: string;
  gender: string;
  colour: string;
  brand: string;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SizeKind = 'shoe' | 'kidshoe' | 'apparel' | 'kids' | 'ring' | 'none';

export interface ProductType {
  key: string;
  noun: string; // as in a title
  synonyms: string[]; // other words shoppers use
  category: string; // shop category
  paths: string[]; // merchant taxonomy paths (one per taxonomy style)
  genders: string[]; // '' = not gendered
  sizes: SizeKind;
  price: [number, number];
  features: string[];
  uses: string[];
  colours: string[];
}

const APPAREL_COLOURS = [
  'Black',
  'White',
  'Navy',
  'Heather Grey',
  'Olive',
  'Burgundy',
  'Red',
  'Sky Blue',
  'Beige',
  'Pink',
  'Green',
  'Charcoal',
];
const SHOE_COLOURS = [
  'Black',
  'White',
  'Navy',
  'Grey',
  'Red',
  'Blue',
  'Volt Yellow',
  'Orange',
  'Pink',
  'Green',
  'Brown',
  'Tan',
];
const HOME_COLOURS = ['Black', 'White', 'Grey', 'Walnut', 'Natural', 'Sage', 'Navy', 'Cream', 'Red', 'Silver'];
const TECH_COLOURS = ['Black', 'White', 'Silver', 'Graphite', 'Blue', 'Pink', 'Green'];
const NONE: string[] = [];

export const PRODUCT_TYPES: ProductType[] = [
  // footwear
  {
    key: 'running-shoes',
    noun: 'Running Shoes',
    synonyms: ['running sneakers', 'road runners', 'jogging shoes'],
    category: 'footwear',
    paths: [
      'Apparel & Accessories > Shoes > Athletic Shoes > Running Shoes',
      'Shoes/Running',
      'Footwear > Athletic > Running',
    ],
    genders: ['men', 'women'],
    sizes: 'shoe',
    price: [69, 189],
    features: [
      'responsive foam midsole',
      'breathable engineered mesh upper',
      'rubber outsole for grip',
      '8 mm heel-to-toe drop',
      'reflective details',
    ],
    uses: ['daily training', 'marathon training', 'road running', 'tempo runs'],
    colours: SHOE_COLOURS,
  },
  {
    key: 'trail-running-shoes',
    noun: 'Trail Running Shoes',
    synonyms: ['trail runners', 'off-road running shoes'],
    category: 'footwear',
    paths: [
      'Apparel & Accessories > Shoes > Athletic Shoes > Trail Running Shoes',
      'Shoes/Trail',
      'Footwear > Athletic > Trail',
    ],
    genders: ['men', 'women'],
    sizes: 'shoe',
    price: [89, 199],
    features: ['lugged outsole', 'rock plate', 'water-resistant upper', 'gusseted tongue'],
    uses: ['mountain trails', 'muddy terrain', 'ultramarathons'],
    colours: SHOE_COLOURS,
  },
  {
    key: 'walking-shoes',
    noun: 'Walking Shoes',
    synonyms: ['walking sneakers', 'comfort shoes'],
    category: 'footwear',
    paths: [
      'Apparel & Accessories > Shoes > Athletic Shoes > Walking Shoes',
      'Shoes/Walking',
      'Footwear > Comfort > Walking',
    ],
    genders: ['men', 'women'],
    sizes: 'shoe',
    price: [59, 149],
    features: ['cushioned insole', 'arch support', 'slip-resistant sole', 'lightweight knit upper'],
    uses: ['all-day wear', 'travel', 'standing at work'],
    colours: SHOE_COLOURS,
  },
  {
    key: 'sneakers',
    noun: 'Sneakers',
    synonyms: ['trainers', 'casual shoes', 'lifestyle sneakers'],
    category: 'footwear',
    paths: ['Apparel & Accessories > Shoes > Sneakers', 'Shoes/Sneakers', 'Footwear > Casual > Sneakers'],
    genders: ['men', 'women'],
    sizes: 'shoe',
    price: [55, 160],
    features: ['leather upper', 'vulcanised rubber sole', 'padded collar', 'classic low-top profile'],
    uses: ['everyday wear', 'streetwear', 'weekends'],
    colours: SHOE_COLOURS,
  },
  {
    key: 'hiking-boots',
    noun: 'Hiking Boots',
    synonyms: ['trekking boots', 'hikers', 'mountain boots'],
    category: 'footwear',
    paths: [
      'Apparel & Accessories > Shoes > Boots > Hiking Boots',
      'Shoes/Boots/Hiking',
      'Footwear > Outdoor > Hiking Boots',
    ],
    genders: ['men', 'women'],
    sizes: 'shoe',
    price: [110, 260],
    features: ['waterproof membrane', 'Vibram-style lugged outsole', 'ankle support', 'full-grain leather'],
    uses: ['backpacking', 'day hikes', 'wet trails'],
    colours: ['Brown', 'Black', 'Grey', 'Olive', 'Tan'],
  },
  {
    key: 'sandals',
    noun: 'Sandals',
    synonyms: ['slides', 'flip flops', 'summer sandals'],
    category: 'footwear',
    paths: ['Apparel & Accessories > Shoes > Sandals', 'Shoes/Sandals', 'Footwear > Sandals'],
    genders: ['men', 'women'],
    sizes: 'shoe',
    price: [25, 95],
    features: ['contoured footbed', 'adjustable straps', 'quick-dry lining'],
    uses: ['beach days', 'summer', 'poolside'],
    colours: SHOE_COLOURS,
  },
  {
    key: 'kids-sneakers',
    noun: 'Sneakers',
    synonyms: ['kids shoes', 'school shoes'],
    category: 'footwear',
    paths: ['Apparel & Accessories > Shoes > Kids Shoes', 'Kids/Shoes', 'Footwear > Kids'],
    genders: ['kids'],
    sizes: 'kidshoe',
    price: [29, 79],
    features: ['hook-and-loop closure', 'durable toe cap', 'flexible sole'],
    uses: ['school', 'playground', 'everyday play'],
    colours: SHOE_COLOURS,
  },
  // apparel
  {
    key: 't-shirt',
    noun: 'T-Shirt',
    synonyms: ['tee', 'crew neck tee', 'tshirt'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Shirts & Tops > T-Shirts',
      'Clothing/Tops/T-Shirts',
      'Apparel > Tops > Tees',
    ],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [12, 45],
    features: ['100% organic cotton', 'relaxed fit', 'tag-free neckline', 'pre-shrunk jersey'],
    uses: ['everyday wear', 'layering', 'the gym'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'hoodie',
    noun: 'Hoodie',
    synonyms: ['hooded sweatshirt', 'pullover hoodie', 'zip hoodie'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Activewear > Sweatshirts',
      'Clothing/Sweatshirts & Hoodies',
      'Apparel > Tops > Hoodies',
    ],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [35, 98],
    features: ['brushed fleece lining', 'kangaroo pocket', 'ribbed cuffs', 'drawstring hood'],
    uses: ['cool evenings', 'lounging', 'layering'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'rain-jacket',
    noun: 'Rain Jacket',
    synonyms: ['waterproof jacket', 'raincoat', 'shell jacket'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets',
      'Clothing/Jackets/Rain',
      'Apparel > Outerwear > Rain Jackets',
    ],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [79, 249],
    features: ['2.5-layer waterproof breathable fabric', 'taped seams', 'packable hood', 'pit zips'],
    uses: ['rainy commutes', 'hiking', 'travel'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'puffer-jacket',
    noun: 'Puffer Jacket',
    synonyms: ['down jacket', 'insulated jacket', 'winter jacket'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets',
      'Clothing/Jackets/Insulated',
      'Apparel > Outerwear > Puffers',
    ],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [99, 320],
    features: ['650-fill responsibly sourced down', 'water-repellent shell', 'zip hand pockets', 'stuff sack included'],
    uses: ['cold winters', 'skiing', 'city wear'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'jeans',
    noun: 'Jeans',
    synonyms: ['denim', 'denim jeans', 'slim jeans'],
    category: 'apparel',
    paths: ['Apparel & Accessories > Clothing > Pants > Jeans', 'Clothing/Bottoms/Jeans', 'Apparel > Bottoms > Denim'],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [39, 148],
    features: ['stretch denim', 'five-pocket styling', 'slim straight leg', 'mid rise'],
    uses: ['everyday wear', 'casual Fridays'],
    colours: ['Blue', 'Black', 'Grey', 'White', 'Indigo'],
  },
  {
    key: 'leggings',
    noun: 'Leggings',
    synonyms: ['yoga pants', 'workout leggings', 'tights'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Activewear > Leggings',
      'Clothing/Activewear/Leggings',
      'Apparel > Activewear > Tights',
    ],
    genders: ['women'],
    sizes: 'apparel',
    price: [28, 118],
    features: ['high waist', 'four-way stretch', 'hidden pocket', 'squat-proof fabric'],
    uses: ['yoga', 'running', 'the gym'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'dress',
    noun: 'Midi Dress',
    synonyms: ['dress', 'summer dress', 'wrap dress'],
    category: 'apparel',
    paths: ['Apparel & Accessories > Clothing > Dresses', 'Clothing/Dresses', 'Apparel > Dresses'],
    genders: ['women'],
    sizes: 'apparel',
    price: [45, 180],
    features: ['flowing viscose', 'wrap silhouette', 'adjustable tie waist', 'lined bodice'],
    uses: ['weddings', 'summer evenings', 'the office'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'running-shorts',
    noun: 'Running Shorts',
    synonyms: ['athletic shorts', 'training shorts', 'gym shorts'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Activewear > Shorts',
      'Clothing/Activewear/Shorts',
      'Apparel > Activewear > Shorts',
    ],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [22, 68],
    features: ['built-in brief liner', 'zip back pocket', 'lightweight woven fabric', '5-inch inseam'],
    uses: ['running', 'training', 'hot days'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'wool-socks',
    noun: 'Merino Wool Socks',
    synonyms: ['socks', 'hiking socks', 'wool socks'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Underwear & Socks > Socks',
      'Clothing/Socks',
      'Apparel > Accessories > Socks',
    ],
    genders: ['men', 'women'],
    sizes: 'apparel',
    price: [14, 32],
    features: ['merino wool blend', 'cushioned sole', 'seamless toe'],
    uses: ['hiking', 'winter', 'running'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'kids-pajamas',
    noun: 'Pajama Set',
    synonyms: ['pyjamas', 'sleepwear', 'pjs'],
    category: 'apparel',
    paths: [
      'Apparel & Accessories > Clothing > Sleepwear & Loungewear',
      'Kids/Clothing/Sleepwear',
      'Apparel > Kids > Sleepwear',
    ],
    genders: ['kids'],
    sizes: 'kids',
    price: [18, 45],
    features: ['soft cotton', 'snug fit', 'printed design'],
    uses: ['bedtime', 'sleepovers'],
    colours: APPAREL_COLOURS,
  },
  // furniture & decor
  {
    key: 'desk-lamp',
    noun: 'LED Desk Lamp',
    synonyms: ['desk light', 'table lamp', 'reading lamp'],
    category: 'furniture_decor',
    paths: ['Home & Garden > Lighting > Lamps', 'Home/Lighting/Desk Lamps', 'Furniture & Decor > Lighting'],
    genders: [''],
    sizes: 'none',
    price: [25, 140],
    features: ['dimmable', 'adjustable colour temperature', 'USB charging port', 'swing arm'],
    uses: ['home office', 'reading', 'studying'],
    colours: HOME_COLOURS,
  },
  {
    key: 'office-chair',
    noun: 'Ergonomic Office Chair',
    synonyms: ['desk chair', 'office chair', 'task chair'],
    category: 'furniture_decor',
    paths: ['Furniture > Chairs > Office Chairs', 'Home/Furniture/Office Chairs', 'Furniture & Decor > Office'],
    genders: [''],
    sizes: 'none',
    price: [149, 899],
    features: ['adjustable lumbar support', 'breathable mesh back', '4D armrests', 'tilt lock'],
    uses: ['long work days', 'home office', 'gaming'],
    colours: ['Black', 'Grey', 'White', 'Navy'],
  },
  {
    key: 'area-rug',
    noun: 'Area Rug',
    synonyms: ['rug', 'carpet', 'living room rug'],
    category: 'furniture_decor',
    paths: ['Home & Garden > Decor > Rugs', 'Home/Decor/Rugs', 'Furniture & Decor > Rugs'],
    genders: [''],
    sizes: 'none',
    price: [59, 480],
    features: ['low pile', 'stain resistant', 'non-shedding', 'hand-tufted wool'],
    uses: ['living rooms', 'bedrooms', 'entryways'],
    colours: HOME_COLOURS,
  },
  {
    key: 'bookshelf',
    noun: 'Bookshelf',
    synonyms: ['bookcase', 'shelving unit', 'shelf'],
    category: 'furniture_decor',
    paths: ['Furniture > Shelving > Bookcases', 'Home/Furniture/Storage', 'Furniture & Decor > Storage'],
    genders: [''],
    sizes: 'none',
    price: [69, 399],
    features: ['solid wood frame', '5 adjustable shelves', 'anti-tip kit', 'easy assembly'],
    uses: ['living rooms', 'home libraries', 'offices'],
    colours: HOME_COLOURS,
  },
  {
    key: 'duvet-cover',
    noun: 'Duvet Cover Set',
    synonyms: ['bedding set', 'comforter cover', 'bed linen'],
    category: 'furniture_decor',
    paths: [
      'Home & Garden > Linens & Bedding > Bedding > Duvet Covers',
      'Home/Bedding/Duvet Covers',
      'Furniture & Decor > Bedding',
    ],
    genders: [''],
    sizes: 'none',
    price: [49, 220],
    features: ['stonewashed linen', 'button closure', 'two pillowcases included', 'OEKO-TEX certified'],
    uses: ['bedrooms', 'guest rooms'],
    colours: HOME_COLOURS,
  },
  {
    key: 'wall-mirror',
    noun: 'Round Wall Mirror',
    synonyms: ['mirror', 'bathroom mirror', 'decorative mirror'],
    category: 'furniture_decor',
    paths: ['Home & Garden > Decor > Mirrors', 'Home/Decor/Mirrors', 'Furniture & Decor > Mirrors'],
    genders: [''],
    sizes: 'none',
    price: [39, 260],
    features: ['metal frame', 'shatter-resistant glass', 'wall hanging hardware'],
    uses: ['entryways', 'bathrooms', 'bedrooms'],
    colours: ['Black', 'Gold', 'Silver', 'Brown'],
  },
  // home & kitchen
  {
    key: 'chefs-knife',
    noun: "Chef's Knife",
    synonyms: ['kitchen knife', 'cooking knife', 'knife'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Kitchen Knives',
      'Kitchen/Cutlery/Knives',
      'Home & Kitchen > Cutlery',
    ],
    genders: [''],
    sizes: 'none',
    price: [29, 220],
    features: ['8-inch high-carbon stainless steel blade', 'full tang', 'ergonomic handle', 'hand-sharpened edge'],
    uses: ['everyday cooking', 'chopping vegetables', 'meal prep'],
    colours: ['Black', 'Silver', 'Walnut'],
  },
  {
    key: 'cast-iron-skillet',
    noun: 'Cast Iron Skillet',
    synonyms: ['frying pan', 'skillet', 'cast iron pan'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware > Skillets & Frying Pans',
      'Kitchen/Cookware/Skillets',
      'Home & Kitchen > Cookware',
    ],
    genders: [''],
    sizes: 'none',
    price: [19, 120],
    features: ['pre-seasoned', 'oven safe to 500°F', 'induction compatible', 'pour spouts'],
    uses: ['searing steak', 'baking cornbread', 'camping'],
    colours: ['Black', 'Red', 'Blue'],
  },
  {
    key: 'espresso-machine',
    noun: 'Espresso Machine',
    synonyms: ['coffee machine', 'espresso maker', 'cappuccino machine'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Makers & Espresso Machines',
      'Kitchen/Appliances/Coffee',
      'Home & Kitchen > Appliances > Coffee',
    ],
    genders: [''],
    sizes: 'none',
    price: [149, 899],
    features: ['15-bar pump', 'steam wand for milk frothing', 'built-in grinder', 'PID temperature control'],
    uses: ['lattes at home', 'morning coffee', 'home baristas'],
    colours: ['Silver', 'Black', 'Red', 'White'],
  },
  {
    key: 'blender',
    noun: 'High-Speed Blender',
    synonyms: ['blender', 'smoothie blender', 'food blender'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Kitchen Appliances > Food Mixers & Blenders',
      'Kitchen/Appliances/Blenders',
      'Home & Kitchen > Appliances > Blenders',
    ],
    genders: [''],
    sizes: 'none',
    price: [49, 499],
    features: ['1500-watt motor', '64 oz BPA-free jar', 'self-cleaning cycle', 'variable speed dial'],
    uses: ['smoothies', 'soups', 'nut butters'],
    colours: ['Black', 'Red', 'White', 'Silver'],
  },
  {
    key: 'air-fryer',
    noun: 'Air Fryer',
    synonyms: ['air fryer oven', 'convection fryer'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Kitchen Appliances > Deep Fryers',
      'Kitchen/Appliances/Air Fryers',
      'Home & Kitchen > Appliances > Air Fryers',
    ],
    genders: [''],
    sizes: 'none',
    price: [59, 249],
    features: ['6-quart basket', 'dishwasher-safe basket', 'digital presets', 'rapid air circulation'],
    uses: ['crispy fries', 'quick dinners', 'reheating leftovers'],
    colours: ['Black', 'White', 'Grey'],
  },
  {
    key: 'water-bottle',
    noun: 'Insulated Water Bottle',
    synonyms: ['water bottle', 'thermos', 'drink bottle'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
      'Kitchen/Drinkware/Bottles',
      'Home & Kitchen > Drinkware',
    ],
    genders: [''],
    sizes: 'none',
    price: [18, 49],
    features: ['double-wall vacuum insulation', 'keeps drinks cold 24 hours', 'leak-proof lid', 'BPA-free'],
    uses: ['the gym', 'hiking', 'the office'],
    colours: HOME_COLOURS,
  },
  {
    key: 'dutch-oven',
    noun: 'Enameled Dutch Oven',
    synonyms: ['dutch oven', 'casserole pot', 'stew pot'],
    category: 'home_kitchen',
    paths: [
      'Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware > Stock Pots',
      'Kitchen/Cookware/Dutch Ovens',
      'Home & Kitchen > Cookware',
    ],
    genders: [''],
    sizes: 'none',
    price: [59, 420],
    features: ['5.5-quart capacity', 'enameled cast iron', 'tight-fitting lid', 'oven safe'],
    uses: ['braising', 'bread baking', 'soups and stews'],
    colours: ['Red', 'Blue', 'Green', 'White', 'Black', 'Orange'],
  },
  // beauty
  {
    key: 'moisturizer',
    noun: 'Daily Moisturizer',
    synonyms: ['face cream', 'moisturiser', 'face moisturizer'],
    category: 'beauty_personal_care',
    paths: [
      'Health & Beauty > Personal Care > Cosmetics > Skin Care > Lotion & Moisturizer',
      'Beauty/Skincare/Moisturizers',
      'Beauty & Personal Care > Skin Care',
    ],
    genders: ['', 'women', 'men'],
    sizes: 'none',
    price: [14, 78],
    features: ['hyaluronic acid', 'fragrance free', 'non-comedogenic', 'SPF 30'],
    uses: ['dry skin', 'sensitive skin', 'daily routine'],
    colours: NONE,
  },
  {
    key: 'shampoo',
    noun: 'Shampoo',
    synonyms: ['hair wash', 'sulfate-free shampoo'],
    category: 'beauty_personal_care',
    paths: [
      'Health & Beauty > Personal Care > Hair Care > Shampoo & Conditioner',
      'Beauty/Hair Care/Shampoo',
      'Beauty & Personal Care > Hair Care',
    ],
    genders: [''],
    sizes: 'none',
    price: [9, 42],
    features: ['sulfate free', 'argan oil', 'color safe', 'vegan formula'],
    uses: ['curly hair', 'dry hair', 'daily washing'],
    colours: NONE,
  },
  {
    key: 'electric-toothbrush',
    noun: 'Electric Toothbrush',
    synonyms: ['sonic toothbrush', 'rechargeable toothbrush', 'toothbrush'],
    category: 'beauty_personal_care',
    paths: [
      'Health & Beauty > Personal Care > Oral Care > Toothbrushes > Electric Toothbrushes',
      'Beauty/Oral Care/Toothbrushes',
      'Beauty & Personal Care > Oral Care',
    ],
    genders: [''],
    sizes: 'none',
    price: [29, 199],
    features: ['sonic cleaning', '2-minute timer', 'pressure sensor', '30-day battery'],
    uses: ['gum health', 'whitening', 'travel'],
    colours: ['White', 'Black', 'Pink', 'Blue'],
  },
  {
    key: 'sunscreen',
    noun: 'Mineral Sunscreen SPF 50',
    synonyms: ['sunscreen', 'sunblock', 'sun cream'],
    category: 'beauty_personal_care',
    paths: [
      'Health & Beauty > Personal Care > Cosmetics > Skin Care > Sunscreen',
      'Beauty/Skincare/Sun Care',
      'Beauty & Personal Care > Sun Care',
    ],
    genders: [''],
    sizes: 'none',
    price: [12, 45],
    features: ['zinc oxide', 'reef safe', 'water resistant 80 minutes', 'no white cast'],
    uses: ['beach days', 'sports', 'daily wear'],
    colours: NONE,
  },
  {
    key: 'perfume',
    noun: 'Eau de Parfum',
    synonyms: ['perfume', 'fragrance', 'cologne'],
    category: 'beauty_personal_care',
    paths: [
      'Health & Beauty > Personal Care > Cosmetics > Perfume & Cologne',
      'Beauty/Fragrance',
      'Beauty & Personal Care > Fragrance',
    ],
    genders: ['women', 'men'],
    sizes: 'none',
    price: [45, 210],
    features: ['notes of bergamot and cedar', 'long-lasting', '50 ml spray'],
    uses: ['evenings out', 'gifts', 'everyday'],
    colours: NONE,
  },
  // electronics
  {
    key: 'wireless-headphones',
    noun: 'Noise Cancelling Headphones',
    synonyms: ['wireless headphones', 'bluetooth headphones', 'over-ear headphones', 'anc headphones'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Audio > Audio Components > Headphones & Headsets > Headphones',
      'Electronics/Audio/Headphones',
      'Electronics & Computing > Audio',
    ],
    genders: [''],
    sizes: 'none',
    price: [79, 449],
    features: ['active noise cancellation', '30-hour battery', 'bluetooth 5.3', 'multipoint pairing'],
    uses: ['flights', 'commuting', 'working from home'],
    colours: TECH_COLOURS,
  },
  {
    key: 'earbuds',
    noun: 'True Wireless Earbuds',
    synonyms: ['earbuds', 'wireless earphones', 'bluetooth earbuds'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Audio > Audio Components > Headphones & Headsets > Earbuds',
      'Electronics/Audio/Earbuds',
      'Electronics & Computing > Audio',
    ],
    genders: [''],
    sizes: 'none',
    price: [39, 279],
    features: ['IPX4 sweat resistance', 'wireless charging case', 'transparency mode', 'low-latency mode'],
    uses: ['workouts', 'running', 'calls'],
    colours: TECH_COLOURS,
  },
  {
    key: 'laptop',
    noun: 'Laptop 14"',
    synonyms: ['laptop', 'notebook computer', 'ultrabook'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Computers > Laptops',
      'Electronics/Computers/Laptops',
      'Electronics & Computing > Computers',
    ],
    genders: [''],
    sizes: 'none',
    price: [499, 2199],
    features: ['16 GB RAM', '512 GB SSD', '2.8K OLED display', 'all-day battery'],
    uses: ['programming', 'students', 'travel'],
    colours: TECH_COLOURS,
  },
  {
    key: 'mechanical-keyboard',
    noun: 'Mechanical Keyboard',
    synonyms: ['keyboard', 'gaming keyboard', 'wireless keyboard'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Electronics Accessories > Computer Components > Input Devices > Keyboards',
      'Electronics/Computer Accessories/Keyboards',
      'Electronics & Computing > Accessories',
    ],
    genders: [''],
    sizes: 'none',
    price: [49, 229],
    features: ['hot-swappable switches', 'RGB backlight', 'PBT keycaps', 'tri-mode wireless'],
    uses: ['typing', 'gaming', 'programming'],
    colours: TECH_COLOURS,
  },
  {
    key: 'monitor',
    noun: '27" 4K Monitor',
    synonyms: ['monitor', 'computer monitor', 'display', 'screen'],
    category: 'electronics_computing',
    paths: ['Electronics > Video > Computer Monitors', 'Electronics/Monitors', 'Electronics & Computing > Monitors'],
    genders: [''],
    sizes: 'none',
    price: [199, 899],
    features: ['IPS panel', 'USB-C 90 W power delivery', 'height-adjustable stand', 'HDR400'],
    uses: ['home office', 'photo editing', 'gaming'],
    colours: ['Black', 'White', 'Silver'],
  },
  {
    key: 'smartwatch',
    noun: 'Smartwatch',
    synonyms: ['fitness watch', 'gps watch', 'smart watch'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Electronics Accessories > Wearable Technology > Smartwatches',
      'Electronics/Wearables/Smartwatches',
      'Electronics & Computing > Wearables',
    ],
    genders: [''],
    sizes: 'none',
    price: [99, 499],
    features: ['GPS', 'heart-rate tracking', 'sleep tracking', '7-day battery'],
    uses: ['running', 'fitness tracking', 'notifications'],
    colours: TECH_COLOURS,
  },
  {
    key: 'portable-speaker',
    noun: 'Portable Bluetooth Speaker',
    synonyms: ['bluetooth speaker', 'wireless speaker', 'speaker'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Audio > Audio Components > Speakers',
      'Electronics/Audio/Speakers',
      'Electronics & Computing > Audio',
    ],
    genders: [''],
    sizes: 'none',
    price: [39, 299],
    features: ['IP67 waterproof', '20-hour battery', '360° sound', 'stereo pairing'],
    uses: ['the beach', 'parties', 'camping'],
    colours: TECH_COLOURS,
  },
  {
    key: 'phone-case',
    noun: 'Phone Case',
    synonyms: ['iphone case', 'protective case', 'phone cover'],
    category: 'electronics_computing',
    paths: [
      'Electronics > Communications > Telephony > Mobile Phone Accessories > Mobile Phone Cases',
      'Electronics/Phone Accessories/Cases',
      'Electronics & Computing > Phone Accessories',
    ],
    genders: [''],
    sizes: 'none',
    price: [15, 59],
    features: ['drop tested to 3 m', 'MagSafe compatible', 'raised camera lip', 'slim profile'],
    uses: ['everyday protection', 'travel'],
    colours: TECH_COLOURS,
  },
  // jewelry & watches
  {
    key: 'necklace',
    noun: 'Pendant Necklace',
    synonyms: ['necklace', 'chain necklace', 'pendant'],
    category: 'jewelry_watches',
    paths: ['Apparel & Accessories > Jewelry > Necklaces', 'Jewelry/Necklaces', 'Jewelry & Watches > Necklaces'],
    genders: ['women'],
    sizes: 'none',
    price: [29, 390],
    features: ['14k gold vermeil', 'adjustable chain', 'hypoallergenic', 'gift box included'],
    uses: ['gifts', 'everyday wear', 'anniversaries'],
    colours: ['Gold', 'Silver', 'Rose'],
  },
  {
    key: 'ring',
    noun: 'Stacking Ring',
    synonyms: ['ring', 'band ring', 'gold ring'],
    category: 'jewelry_watches',
    paths: ['Apparel & Accessories > Jewelry > Rings', 'Jewelry/Rings', 'Jewelry & Watches > Rings'],
    genders: ['women', 'men'],
    sizes: 'ring',
    price: [25, 450],
    features: ['sterling silver', 'polished finish', 'comfort fit'],
    uses: ['stacking', 'gifts', 'everyday wear'],
    colours: ['Gold', 'Silver'],
  },
  {
    key: 'wristwatch',
    noun: 'Automatic Watch',
    synonyms: ['watch', 'wristwatch', 'mechanical watch', 'dress watch'],
    category: 'jewelry_watches',
    paths: ['Apparel & Accessories > Jewelry > Watches', 'Jewelry/Watches', 'Jewelry & Watches > Watches'],
    genders: ['men', 'women'],
    sizes: 'none',
    price: [149, 1200],
    features: ['sapphire crystal', '100 m water resistance', 'automatic movement', 'leather strap'],
    uses: ['everyday wear', 'formal occasions', 'gifts'],
    colours: ['Black', 'Silver', 'Gold', 'Blue', 'Green', 'Brown'],
  },
  {
    key: 'earrings',
    noun: 'Hoop Earrings',
    synonyms: ['earrings', 'hoops', 'gold hoops'],
    category: 'jewelry_watches',
    paths: ['Apparel & Accessories > Jewelry > Earrings', 'Jewelry/Earrings', 'Jewelry & Watches > Earrings'],
    genders: ['women'],
    sizes: 'none',
    price: [19, 280],
    features: ['lightweight', 'hinged closure', 'nickel free'],
    uses: ['everyday wear', 'gifts', 'evenings out'],
    colours: ['Gold', 'Silver'],
  },
  // sports & outdoors
  {
    key: 'yoga-mat',
    noun: 'Yoga Mat',
    synonyms: ['exercise mat', 'workout mat', 'pilates mat'],
    category: 'sports_outdoors',
    paths: [
      'Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga Mats',
      'Sports/Yoga/Mats',
      'Sports & Outdoors > Fitness > Yoga',
    ],
    genders: [''],
    sizes: 'none',
    price: [19, 129],
    features: ['6 mm cushioning', 'non-slip natural rubber', 'alignment lines', 'carry strap'],
    uses: ['hot yoga', 'pilates', 'home workouts'],
    colours: APPAREL_COLOURS,
  },
  {
    key: 'tent',
    noun: '2-Person Backpacking Tent',
    synonyms: ['tent', 'camping tent', 'backpacking tent'],
    category: 'sports_outdoors',
    paths: [
      'Sporting Goods > Outdoor Recreation > Camping & Hiking > Tents',
      'Sports/Camping/Tents',
      'Sports & Outdoors > Camping',
    ],
    genders: [''],
    sizes: 'none',
    price: [129, 549],
    features: ['freestanding design', '1.6 kg trail weight', 'two doors and vestibules', 'waterproof rainfly'],
    uses: ['backpacking', 'camping trips', 'festivals'],
    colours: ['Green', 'Orange', 'Grey', 'Yellow'],
  },
  {
    key: 'sleeping-bag',
    noun: 'Sleeping Bag',
    synonyms: ['camping sleeping bag', 'down sleeping bag'],
    category: 'sports_outdoors',
    paths: [
      'Sporting Goods > Outdoor Recreation > Camping & Hiking > Sleeping Bags',
      'Sports/Camping/Sleeping Bags',
      'Sports & Outdoors > Camping',
    ],
    genders: [''],
    sizes: 'none',
    price: [59, 399],
    features: ['rated to 20°F', 'compressible synthetic fill', 'draft collar', 'stuff sack'],
    uses: ['camping', 'backpacking', 'cold nights'],
    colours: ['Blue', 'Green', 'Red', 'Grey', 'Orange'],
  },
  {
    key: 'dumbbells',
    noun: 'Adjustable Dumbbells',
    synonyms: ['dumbbells', 'weights', 'free weights'],
    category: 'sports_outdoors',
    paths: [
      'Sporting Goods > Exercise & Fitness > Weight Lifting > Free Weights',
      'Sports/Fitness/Weights',
      'Sports & Outdoors > Fitness > Strength',
    ],
    genders: [''],
    sizes: 'none',
    price: [79, 429],
    features: ['5 to 52.5 lb per dumbbell', 'quick-change dial', 'compact storage tray'],
    uses: ['home gym', 'strength training'],
    colours: ['Black', 'Grey', 'Red'],
  },
  {
    key: 'bike-helmet',
    noun: 'Bike Helmet',
    synonyms: ['cycling helmet', 'bicycle helmet', 'helmet'],
    category: 'sports_outdoors',
    paths: [
      'Sporting Goods > Outdoor Recreation > Cycling > Bicycle Accessories > Bicycle Helmets',
      'Sports/Cycling/Helmets',
      'Sports & Outdoors > Cycling',
    ],
    genders: [''],
    sizes: 'apparel',
    price: [39, 249],
    features: ['MIPS protection', '18 vents', 'rear LED light', 'magnetic buckle'],
    uses: ['commuting', 'road cycling', 'mountain biking'],
    colours: ['Black', 'White', 'Red', 'Blue', 'Yellow'],
  },
  {
    key: 'hiking-backpack',
    noun: 'Hiking Backpack 30L',
    synonyms: ['daypack', 'hiking pack', 'backpack', 'rucksack'],
    category: 'sports_outdoors',
    paths: [
      'Sporting Goods > Outdoor Recreation > Camping & Hiking > Backpacks',
      'Sports/Hiking/Backpacks',
      'Sports & Outdoors > Hiking',
    ],
    genders: [''],
    sizes: 'none',
    price: [59, 229],
    features: ['ventilated back panel', 'hydration sleeve', 'rain cover', 'hip belt pockets'],
    uses: ['day hikes', 'travel', 'commuting'],
    colours: ['Black', 'Green', 'Blue', 'Red', 'Grey', 'Orange'],
  },
  // tools
  {
    key: 'cordless-drill',
    noun: 'Cordless Drill Driver',
    synonyms: ['drill', 'power drill', 'cordless drill'],
    category: 'tools_hardware',
    paths: [
      'Hardware > Tools > Drills > Handheld Power Drills',
      'Tools/Power Tools/Drills',
      'Tools & Hardware > Power Tools',
    ],
    genders: [''],
    sizes: 'none',
    price: [59, 249],
    features: ['20V lithium-ion battery', 'brushless motor', '2-speed gearbox', 'LED work light'],
    uses: ['DIY projects', 'furniture assembly', 'renovations'],
    colours: ['Yellow', 'Red', 'Blue', 'Black', 'Green'],
  },
  {
    key: 'tool-set',
    noun: 'Mechanics Tool Set',
    synonyms: ['tool kit', 'socket set', 'tool set'],
    category: 'tools_hardware',
    paths: ['Hardware > Tools > Tool Sets', 'Tools/Hand Tools/Tool Sets', 'Tools & Hardware > Hand Tools'],
    genders: [''],
    sizes: 'none',
    price: [39, 299],
    features: ['chrome vanadium steel', '120 pieces', 'blow-molded case', 'lifetime warranty'],
    uses: ['car repairs', 'home repairs', 'garage'],
    colours: ['Red', 'Black', 'Silver'],
  },
  {
    key: 'tape-measure',
    noun: 'Tape Measure 25 ft',
    synonyms: ['tape measure', 'measuring tape'],
    category: 'tools_hardware',
    paths: [
      'Hardware > Tools > Measuring Tools & Sensors > Measuring Tapes',
      'Tools/Hand Tools/Measuring',
      'Tools & Hardware > Measuring',
    ],
    genders: [''],
    sizes: 'none',
    price: [9, 35],
    features: ['magnetic hook', 'nylon-coated blade', 'belt clip'],
    uses: ['DIY', 'carpentry', 'construction'],
    colours: ['Yellow', 'Black', 'Orange'],
  },
  // toys & kids
  {
    key: 'building-blocks',
    noun: 'Building Blocks Set',
    synonyms: ['building bricks', 'construction toy', 'blocks'],
    category: 'toys_kids',
    paths: [
      'Toys & Games > Toys > Building Toys > Construction Set Toys',
      'Toys/Building Toys',
      'Toys & Kids > Building',
    ],
    genders: ['kids'],
    sizes: 'none',
    price: [19, 149],
    features: ['500 pieces', 'compatible with major brick brands', 'storage box', 'ages 6+'],
    uses: ['creative play', 'STEM learning', 'birthday gifts'],
    colours: ['Multicolor'],
  },
  {
    key: 'board-game',
    noun: 'Strategy Board Game',
    synonyms: ['board game', 'family game', 'tabletop game'],
    category: 'toys_kids',
    paths: ['Toys & Games > Games > Board Games', 'Toys/Games/Board Games', 'Toys & Kids > Games'],
    genders: [''],
    sizes: 'none',
    price: [19, 79],
    features: ['2 to 5 players', '45-minute play time', 'ages 10+'],
    uses: ['family game night', 'parties', 'gifts'],
    colours: NONE,
  },
  {
    key: 'plush-toy',
    noun: 'Plush Toy',
    synonyms: ['stuffed animal', 'teddy bear', 'soft toy'],
    category: 'toys_kids',
    paths: [
      'Toys & Games > Toys > Dolls, Playsets & Toy Figures > Stuffed Animals',
      'Toys/Plush',
      'Toys & Kids > Plush',
    ],
    genders: ['kids'],
    sizes: 'none',
    price: [12, 49],
    features: ['ultra-soft fabric', 'machine washable', 'safety-stitched eyes'],
    uses: ['bedtime', 'gifts', 'toddlers'],
    colours: ['Brown', 'White', 'Pink', 'Grey', 'Blue'],
  },
  {
    key: 'scooter',
    noun: 'Kick Scooter',
    synonyms: ['scooter', 'kids scooter'],
    category: 'toys_kids',
    paths: ['Toys & Games > Toys > Riding Toys > Scooters', 'Toys/Outdoor/Scooters', 'Toys & Kids > Ride-Ons'],
    genders: ['kids'],
    sizes: 'none',
    price: [39, 149],
    features: ['light-up wheels', 'adjustable handlebar', 'rear brake', 'foldable'],
    uses: ['outdoor play', 'school commutes'],
    colours: ['Blue', 'Pink', 'Red', 'Green', 'Black'],
  },
  // baby
  {
    key: 'stroller',
    noun: 'Lightweight Stroller',
    synonyms: ['stroller', 'pushchair', 'pram', 'travel stroller'],
    category: 'baby',
    paths: ['Baby & Toddler > Baby Transport > Baby Strollers', 'Baby/Gear/Strollers', 'Baby > Strollers'],
    genders: [''],
    sizes: 'none',
    price: [149, 699],
    features: ['one-hand fold', 'reclining seat', 'UPF 50+ canopy', 'all-wheel suspension'],
    uses: ['travel', 'city walks', 'newborns'],
    colours: ['Black', 'Grey', 'Navy', 'Beige'],
  },
  {
    key: 'baby-monitor',
    noun: 'Video Baby Monitor',
    synonyms: ['baby monitor', 'baby camera'],
    category: 'baby',
    paths: ['Baby & Toddler > Baby Health > Baby Monitors', 'Baby/Safety/Monitors', 'Baby > Monitors'],
    genders: [''],
    sizes: 'none',
    price: [59, 299],
    features: ['night vision', 'two-way talk', '5-inch HD screen', 'room temperature sensor'],
    uses: ['nurseries', 'night-time checks'],
    colours: ['White', 'Grey'],
  },
  {
    key: 'baby-carrier',
    noun: 'Baby Carrier',
    synonyms: ['carrier', 'baby wrap', 'infant carrier'],
    category: 'baby',
    paths: ['Baby & Toddler > Baby Transport > Baby Carriers', 'Baby/Gear/Carriers', 'Baby > Carriers'],
    genders: [''],
    sizes: 'none',
    price: [49, 219],
    features: ['ergonomic hip seat', 'breathable mesh', 'four carry positions'],
    uses: ['newborns', 'hiking with baby', 'hands-free errands'],
    colours: ['Black', 'Grey', 'Navy', 'Beige'],
  },
  {
    key: 'baby-bodysuit',
    noun: 'Organic Bodysuit 3-Pack',
    synonyms: ['onesie', 'bodysuit', 'baby clothes'],
    category: 'baby',
    paths: ['Baby & Toddler > Baby Clothing > Baby One-Pieces', 'Baby/Clothing/Bodysuits', 'Baby > Clothing'],
    genders: ['kids'],
    sizes: 'kids',
    price: [19, 45],
    features: ['GOTS organic cotton', 'envelope neckline', 'snap closures'],
    uses: ['newborns', 'everyday wear', 'baby showers'],
    colours: ['White', 'Grey', 'Sage', 'Pink', 'Blue'],
  },
  // pets
  {
    key: 'dog-bed',
    noun: 'Orthopedic Dog Bed',
    synonyms: ['dog bed', 'pet bed', 'dog cushion'],
    category: 'pets',
    paths: ['Animals & Pet Supplies > Pet Supplies > Dog Supplies > Dog Beds', 'Pets/Dog/Beds', 'Pets > Dog Supplies'],
    genders: [''],
    sizes: 'apparel',
    price: [35, 189],
    features: ['memory foam base', 'removable washable cover', 'bolstered edges', 'non-slip bottom'],
    uses: ['senior dogs', 'large breeds', 'crates'],
    colours: ['Grey', 'Brown', 'Navy', 'Beige'],
  },
  {
    key: 'dog-leash',
    noun: 'Dog Leash',
    synonyms: ['leash', 'dog lead'],
    category: 'pets',
    paths: [
      'Animals & Pet Supplies > Pet Supplies > Dog Supplies > Dog Leashes',
      'Pets/Dog/Leashes',
      'Pets > Dog Supplies',
    ],
    genders: [''],
    sizes: 'none',
    price: [12, 45],
    features: ['reflective stitching', 'padded handle', '6 ft length'],
    uses: ['daily walks', 'training'],
    colours: ['Black', 'Red', 'Blue', 'Green', 'Orange'],
  },
  {
    key: 'cat-tree',
    noun: 'Cat Tree',
    synonyms: ['cat tower', 'cat scratching post', 'cat condo'],
    category: 'pets',
    paths: [
      'Animals & Pet Supplies > Pet Supplies > Cat Supplies > Cat Furniture',
      'Pets/Cat/Furniture',
      'Pets > Cat Supplies',
    ],
    genders: [''],
    sizes: 'none',
    price: [39, 229],
    features: ['sisal scratching posts', 'two condos', 'plush perches'],
    uses: ['indoor cats', 'multi-cat homes'],
    colours: ['Grey', 'Beige', 'Brown'],
  },
  {
    key: 'dog-food',
    noun: 'Grain-Free Dry Dog Food',
    synonyms: ['dog food', 'kibble', 'dry dog food'],
    category: 'pets',
    paths: ['Animals & Pet Supplies > Pet Supplies > Dog Supplies > Dog Food', 'Pets/Dog/Food', 'Pets > Dog Food'],
    genders: [''],
    sizes: 'none',
    price: [24, 89],
    features: ['real salmon first ingredient', 'no artificial preservatives', '24 lb bag'],
    uses: ['adult dogs', 'sensitive stomachs'],
    colours: NONE,
  },
  // auto
  {
    key: 'dash-cam',
    noun: 'Dash Cam',
    synonyms: ['dashboard camera', 'car camera', 'dashcam'],
    category: 'auto',
    paths: [
      'Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Electronics > Dash Cams',
      'Auto/Electronics/Dash Cams',
      'Auto > Electronics',
    ],
    genders: [''],
    sizes: 'none',
    price: [49, 299],
    features: ['4K front camera', 'night vision', 'parking mode', 'GPS logging'],
    uses: ['insurance evidence', 'road trips', 'rideshare drivers'],
    colours: ['Black'],
  },
  {
    key: 'car-vacuum',
    noun: 'Cordless Car Vacuum',
    synonyms: ['car vacuum', 'handheld vacuum'],
    category: 'auto',
    paths: [
      'Vehicles & Parts > Vehicle Maintenance, Care & Decor > Vehicle Cleaning',
      'Auto/Care/Vacuums',
      'Auto > Car Care',
    ],
    genders: [''],
    sizes: 'none',
    price: [29, 129],
    features: ['8000 Pa suction', 'washable HEPA filter', 'crevice tool'],
    uses: ['car interiors', 'pet hair', 'crumbs'],
    colours: ['Black', 'Grey', 'White'],
  },
  {
    key: 'jump-starter',
    noun: 'Portable Jump Starter',
    synonyms: ['jump starter', 'battery booster', 'car battery charger'],
    category: 'auto',
    paths: [
      'Vehicles & Parts > Vehicle Parts & Accessories > Vehicle Maintenance > Jump Starters',
      'Auto/Tools/Jump Starters',
      'Auto > Emergency',
    ],
    genders: [''],
    sizes: 'none',
    price: [59, 199],
    features: ['2000A peak current', 'USB-C power bank', 'LED flashlight', 'spark-proof clamps'],
    uses: ['dead batteries', 'road trips', 'winter'],
    colours: ['Black', 'Yellow', 'Red'],
  },
  // books & media
  {
    key: 'cookbook',
    noun: 'Cookbook',
    synonyms: ['recipe book', 'cooking book'],
    category: 'books_media',
    paths: ['Media > Books > Non-Fiction > Cooking', 'Books/Cooking', 'Books & Media > Cookbooks'],
    genders: [''],
    sizes: 'none',
    price: [15, 45],
    features: ['hardcover', '120 recipes', 'full-colour photography'],
    uses: ['weeknight dinners', 'gifts', 'baking'],
    colours: NONE,
  },
  {
    key: 'novel',
    noun: 'Novel (Hardcover)',
    synonyms: ['book', 'fiction book', 'novel'],
    category: 'books_media',
    paths: ['Media > Books > Fiction', 'Books/Fiction', 'Books & Media > Fiction'],
    genders: [''],
    sizes: 'none',
    price: [12, 32],
    features: ['hardcover', 'bestseller', '384 pages'],
    uses: ['book clubs', 'gifts', 'summer reading'],
    colours: NONE,
  },
  {
    key: 'vinyl-record',
    noun: 'Vinyl Record',
    synonyms: ['vinyl', 'lp', 'record'],
    category: 'books_media',
    paths: ['Media > Music & Sound Recordings > Vinyl', 'Music/Vinyl', 'Books & Media > Music'],
    genders: [''],
    sizes: 'none',
    price: [19, 49],
    features: ['180-gram vinyl', 'gatefold sleeve', 'remastered'],
    uses: ['collectors', 'gifts'],
    colours: ['Black', 'Red', 'Blue'],
  },
  // other
  {
    key: 'umbrella',
    noun: 'Travel Umbrella',
    synonyms: ['umbrella', 'compact umbrella'],
    category: 'other',
    paths: ['Apparel & Accessories > Umbrellas', 'Accessories/Umbrellas', 'Misc > Umbrellas'],
    genders: [''],
    sizes: 'none',
    price: [15, 59],
    features: ['windproof frame', 'auto open and close', 'Teflon coating'],
    uses: ['commuting', 'travel'],
    colours: ['Black', 'Navy', 'Red', 'Yellow'],
  },
  {
    key: 'gift-card',
    noun: 'Gift Card',
    synonyms: ['gift card', 'voucher', 'gift certificate'],
    category: 'other',
    paths: ['Gift Cards', 'Gift Cards', 'Misc > Gift Cards'],
    genders: [''],
    sizes: 'none',
    price: [25, 100],
    features: ['never expires', 'delivered by email'],
    uses: ['birthdays', 'holidays'],
    colours: NONE,
  },
];

interface Merchant {
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

const MERCHANTS: Merchant[] = [
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

const BRANDS: Record<string, string[]> = {
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

const SYLLABLES = [
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
const SUFFIX = ['', ' 2', ' 3', ' Pro', ' Lite', ' Max', ' GTX', ' Flex', ' Elite', ' Air'];
const SHOE_SIZES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13'];
const KID_SHOE_SIZES = ['10C', '11C', '12C', '13C', '1Y', '2Y', '3Y', '4Y'];
const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const KID_SIZES = ['2T', '3T', '4T', '5', '6', '7', '8', '10', '12'];
const RING_SIZES = ['5', '6', '7', '8', '9', '10'];
const FX_TO: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79 };

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const GENDER_WORD: Record<string, string> = { men: "Men's", women: "Women's", kids: "Kids'", '': '' };

function sizesFor(kind: SizeKind): string[] {
  return kind === 'shoe'
    ? SHOE_SIZES
    : kind === 'kidshoe'
      ? KID_SHOE_SIZES
      : kind === 'apparel'
        ? APPAREL_SIZES
        : kind === 'kids'
          ? KID_SIZES
          : kind === 'ring'
            ? RING_SIZES
            : [];
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  /** The UCP endpoint of the reference merchant (`orbit merchant demo`). */
  merchantEndpoint?: string;
}

/**
 * `count` feed rows (before import drops the out-of-stock and image-less
 * ones, about 4%). Each model comes in several colour listings; some
 * merchants list each size separately.
 */
export function* generateProducts(opts: GenerateOptions): Generator<{ product: FeedProduct; truth: Truth }> {
  const r = mulberry32(opts.seed ?? 42);
  const endpoint = opts.merchantEndpoint ?? 'http://127.0.0.1:8790/mcp';
  let emitted = 0;
  let model = 0;
  while (emitted < opts.count) {
    model++;
    const type = PRODUCT_TYPES[model % PRODUCT_TYPES.length];
    const merchants = MERCHANTS.filter((m) => m.categories.includes(type.category));
    const merchant = pick(r, merchants);
    const brand = pick(r, BRANDS[type.category] ?? BRANDS.other);
    const modelName = cap(pick(r, SYLLABLES)) + pick(r, SYLLABLES) + pick(r, SUFFIX);
    const gender = pick(r, type.genders);
    const usd = type.price[0] + r() * (type.price[1] - type.price[0]);
    const fx = FX_TO[merchant.currency] ?? 1;
    const list = Math.round(usd * fx) - 0.01;
    const colours = type.colours.length
      ? [...type.colours].sort(() => r() - 0.5).slice(0, 1 + Math.floor(r() * 4))
      : [''];
    const feature = [...type.features].sort(() => r() - 0.5);
    const use = pick(r, type.uses);
    const path = type.paths[merchant.style % type.paths.length];
    for (const colour of colours) {
      if (emitted >= opts.count) break;
      const onSale = r() < 0.28;
      const price = onSale ? Math.round(list * (0.6 + r() * 0.3) * 100) / 100 : list;
      const regular = r() < 0.05 ? null : list;
      const g = GENDER_WORD[gender] ?? '';
      const title = [brand, modelName, g, type.noun].filter(Boolean).join(' ') + (colour ? ` - ${colour}` : '');
      const syn = pick(r, type.synonyms);
      const description =
        `The ${brand} ${modelName} ${type.noun.toLowerCase()} ${gender ? `for ${gender === 'kids' ? 'kids' : gender} ` : ''}` +
        `is made for ${use}. A great ${syn} with ${feature.slice(0, 3).join(', ')}.` +
        (colour ? ` Shown in ${colour.toLowerCase()}.` : '') +
        ` ${cap(feature[3] ?? feature[0])} and a ${Math.floor(30 + r() * 70)}-day return policy.`;
      const allSizes = sizesFor(type.sizes);
      const listings: string[][] =
        merchant.variantPerSize && allSizes.length
          ? allSizes.filter(() => r() < 0.4).map((s) => [s])
          : [allSizes.filter(() => r() < 0.85)];
      for (const sizes of listings.length ? listings : [[]]) {
        if (emitted >= opts.count) break;
        emitted++;
        const id = `${slugify(merchant.name).slice(0, 10)}-${model.toString(36)}-${slugify(colour || 'std')}${sizes.length === 1 && merchant.variantPerSize ? `-${slugify(sizes[0])}` : ''}`;
        const url = `https://${merchant.domain}/products/${slugify(`${brand} ${modelName} ${type.noun}`)}?variant=${id}`;
        const noImage = r() < 0.02;
        const oos = r() < 0.025;
        const product: FeedProduct = {
          product_id: id,
          name: title + (sizes.length === 1 && merchant.variantPerSize ? `, Size ${sizes[0]}` : ''),
          brand,
          merchant: merchant.name,
          category: path,
          description,
          currency: merchant.currency,
          price,
          regular_price: regular,
          image_url: noImage ? '' : `https://images.orbit-demo.example/${type.key}/${id}.jpg`,
          url,
          sizes,
          color: colour || null,
          gender: gender || null,
          availability: oos ? 'out of stock' : 'in stock',
          commission_rate: merchant.commission,
          checkout: merchant.ucp
            ? { protocol: 'ucp', endpoint, continue_url: `https://${merchant.domain}/cart/${id}:1`, item_id: id }
            : null,
        };
        yield {
          product,
          truth: { type: type.key, category: type.category, gender, colour: colour.toLowerCase(), brand },
        };
      }
    }
  }
}

/** The demo catalog's size (feed rows; about 4% are dropped at import). */
export const DEMO_PRODUCT_COUNT = 5400;
