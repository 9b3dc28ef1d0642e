import { rng } from './hash';

export interface Vendor {
  vendor_name: string;
  vendor_type: 'first_party' | 'third_party';
  display_name: string;
}

/**
 * A declared correlation: membership is `index[b]` times as likely in band b of the partition
 * `by` ('Age', 'Household Income', ...) as on average (the index is normalised over the
 * population, so the segment keeps its size). 1.6 in '45-54' shows as an index of about 160 there.
 */
export interface Skew {
  by: PartitionKey;
  index: number[];
}

/** How membership is drawn: a share of the population (or of a parent segment), or one band of a partition. */
export type Membership =
  | {
      kind: 'share';
      /** Of the population; with `within`, of the parent's members. */
      share: number;
      /** Segments of one category group pass a shared gate first, so they overlap more than unrelated ones. */
      gate?: string;
      /** short_id of the segment this one is a subset of (matched and modeled). */
      within?: string;
      /** short_id of a segment whose matched members this one never has (current vs lapsed customers). */
      outside?: string;
      /** The category group's skews (on the gate) and the segment's own. */
      skews: Skew[];
    }
  | { kind: 'partition'; partition: PartitionKey; band: number; weights: number[] };

export interface SegmentDef {
  /** The identifier (short_id) used everywhere. */
  short_id: string;
  name: string;
  vendor: string;
  /** Names under the vendor, e.g. ['Demographics', 'Age']. */
  path: string[];
  membership: Membership;
  /** Vendor stopped sending data: a real segment with no members (zero-count flows). */
  expired: boolean;
  /** No longer available: unknown to by-identifier look-ups (invalid-identifier flows). */
  deleted: boolean;
  /** Demographic segments feed the insight profiles. */
  demographic: boolean;
}

export const VENDORS: Vendor[] = [
  { vendor_name: 'demographix', vendor_type: 'third_party', display_name: 'Demographix' },
  { vendor_name: 'interestgraph', vendor_type: 'third_party', display_name: 'InterestGraph' },
  { vendor_name: 'intentsignal', vendor_type: 'third_party', display_name: 'IntentSignal' },
  { vendor_name: 'mediapulse', vendor_type: 'third_party', display_name: 'MediaPulse' },
  { vendor_name: 'first_party', vendor_type: 'first_party', display_name: 'First Party' },
];

export type PartitionKey = 'Age' | 'Gender' | 'Household Income' | 'Education' | 'Tier';

export interface PartitionDef {
  key: PartitionKey;
  vendor: string;
  path: string[];
  bands: string[];
  /** Band weights; with `given`, one row per band of that partition (P(band | given band)). */
  weights: number[] | { given: PartitionKey; rows: number[][] };
}

/**
 * Partitions cover everyone once. Gender and income depend on age and education on income
 * (census-like shapes): an audience of 45-54s is richer than average, a $150k+ one holds more
 * graduates, 65+ is more female.
 */
export const PARTITIONS: PartitionDef[] = [
  {
    key: 'Age',
    vendor: 'demographix',
    path: ['Demographics', 'Age'],
    bands: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
    weights: [12, 18, 17, 16, 16, 21],
  },
  {
    key: 'Gender',
    vendor: 'demographix',
    path: ['Demographics', 'Gender'],
    bands: ['Female', 'Male', 'Non-binary'],
    // by age band, 18-24 .. 65+
    weights: {
      given: 'Age',
      rows: [
        [49, 48, 3],
        [50, 48.5, 1.5],
        [50.5, 48.7, 0.8],
        [51, 48.5, 0.5],
        [52, 47.7, 0.3],
        [55.5, 44.3, 0.2],
      ],
    },
  },
  {
    key: 'Household Income',
    vendor: 'demographix',
    path: ['Demographics', 'Household Income'],
    bands: ['Under $25k', '$25k-$50k', '$50k-$75k', '$75k-$100k', '$100k-$150k', '$150k+'],
    // by age band: low at the start and the end of working life, highest at 45-54
    weights: {
      given: 'Age',
      rows: [
        [38, 30, 15, 8, 6, 3],
        [16, 23, 21, 15, 15, 10],
        [10, 16, 17, 15, 21, 21],
        [9, 14, 15, 14, 22, 26],
        [12, 17, 16, 13, 19, 23],
        [24, 25, 17, 12, 12, 10],
      ],
    },
  },
  {
    key: 'Education',
    vendor: 'demographix',
    path: ['Demographics', 'Education'],
    bands: ['High school', 'Some college', "Bachelor's degree", 'Graduate degree'],
    // by household income band, under $25k .. $150k+
    weights: {
      given: 'Household Income',
      rows: [
        [58, 27, 11, 4],
        [50, 29, 16, 5],
        [40, 29, 22, 9],
        [32, 28, 27, 13],
        [24, 24, 33, 19],
        [15, 18, 36, 31],
      ],
    },
  },
  {
    key: 'Tier',
    vendor: 'first_party',
    path: ['Customer Value', 'Tier'],
    bands: ['Tier 1 (top 5%)', 'Tier 2', 'Tier 3', 'Tier 4', 'Tier 5'],
    weights: [5, 10, 20, 30, 35],
  },
];

/** Each band's share of the whole population (a conditional partition's through its parent's). */
export function marginalWeights(key: PartitionKey): number[] {
  const p = PARTITIONS.find((x) => x.key === key)!;
  const norm = (w: number[]) => {
    const t = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / t);
  };
  if (Array.isArray(p.weights)) return norm(p.weights);
  const parent = marginalWeights(p.weights.given);
  const rows = p.weights.rows.map(norm);
  return p.bands.map((_, j) => parent.reduce((s, w, i) => s + w * rows[i][j], 0));
}

/** Age skews that repeat: young-leaning, older-leaning, family years. By age band 18-24 .. 65+. */
const YOUNG: Skew = { by: 'Age', index: [1.5, 1.4, 1.1, 0.9, 0.7, 0.5] };
const VERY_YOUNG: Skew = { by: 'Age', index: [2.0, 1.6, 1.1, 0.7, 0.4, 0.2] };
const OLDER: Skew = { by: 'Age', index: [0.5, 0.6, 0.8, 1.0, 1.3, 1.6] };
const FAMILY_YEARS: Skew = { by: 'Age', index: [0.4, 1.3, 1.7, 1.3, 0.6, 0.3] };
/** By household income band, under $25k .. $150k+. */
const AFFLUENT: Skew = { by: 'Household Income', index: [0.4, 0.6, 0.9, 1.1, 1.4, 1.8] };
const BUDGET: Skew = { by: 'Household Income', index: [1.5, 1.3, 1.1, 0.9, 0.7, 0.5] };

/**
 * A segment with a declared size or relation; a plain name gets a seeded size in its vendor's
 * range. `within` / `outside` name a segment of the same vendor.
 */
type SegmentSpec = string | { name: string; share?: number; within?: string; outside?: string; skews?: Skew[] };

interface GroupSpec {
  name: string;
  segments: SegmentSpec[];
  /** Correlations every segment of the group shares. */
  skews?: Skew[];
}

/** Seeded sizes (log-uniform) for segments without a declared share, per vendor: what such segments reach in the world. */
const SIZE_RANGE: Record<string, [number, number]> = {
  demographix: [0.05, 0.4],
  interestgraph: [0.005, 0.25],
  intentsignal: [0.001, 0.08],
  mediapulse: [0.05, 0.5],
  first_party: [0.01, 0.1],
};

const GROUPS: { vendor: string; root: string; groups: GroupSpec[] }[] = [
  {
    vendor: 'demographix',
    root: 'Demographics',
    groups: [
      {
        name: 'Parents',
        segments: [
          { name: 'Parents', share: 0.32, skews: [{ by: 'Age', index: [0.35, 1.25, 1.9, 1.6, 0.55, 0.1] }] },
          // Of the parents (shares of the parents, before the age skew): young children early on, teens later.
          { name: 'Parents of young children', within: 'Parents', share: 0.38, skews: [{ by: 'Age', index: [1.8, 1.7, 1.0, 0.35, 0.1, 0.1] }] },
          { name: 'Parents of teens', within: 'Parents', share: 0.25, skews: [{ by: 'Age', index: [0.05, 0.3, 1.3, 1.7, 0.8, 0.3] }] },
          { name: 'Grandparents', share: 0.16, skews: [{ by: 'Age', index: [0, 0.02, 0.15, 0.7, 1.9, 2.6] }] },
        ],
      },
    ],
  },
  {
    vendor: 'interestgraph',
    root: 'Interests',
    groups: [
      {
        name: 'Sports',
        segments: ['Football', 'Basketball', 'Baseball', 'Soccer', 'Tennis', 'Golf', 'Running', 'Cycling'],
        skews: [{ by: 'Age', index: [1.3, 1.2, 1.05, 0.95, 0.85, 0.75] }],
      },
      {
        name: 'Travel',
        segments: ['Beach holidays', 'City breaks', 'Cruises', 'Adventure travel', 'Business travel', 'Family travel', 'Luxury travel', 'Road trips'],
        skews: [AFFLUENT],
      },
      { name: 'Food & Drink', segments: ['Cooking', 'Baking', 'Coffee lovers', 'Tea lovers', 'Craft beer', 'Wine', 'Vegetarian', 'Fast food'] },
      {
        name: 'Fitness',
        segments: [
          'Gym goers',
          'Yoga',
          'Pilates',
          'Home workouts',
          { name: 'Marathon runners', within: 'Running', share: 0.08 },
          'Weight loss',
          'Nutrition',
          'Outdoor fitness',
        ],
        skews: [YOUNG],
      },
      { name: 'Entertainment', segments: ['Movies', 'TV series', 'Live music', 'Concerts', 'Theatre', 'Comedy', 'Festivals', 'Anime'], skews: [YOUNG] },
      {
        name: 'Gaming',
        segments: ['Console gamers', 'PC gamers', 'Mobile gamers', 'Esports fans', 'Casual gamers', 'Retro gaming', 'Board games', 'Puzzle games'],
        skews: [VERY_YOUNG],
      },
      {
        name: 'Technology',
        segments: ['Early adopters', 'Smart home', 'Wearables', 'Photography', 'Gadgets', 'Software developers', 'AI enthusiasts', 'Audio enthusiasts'],
        skews: [YOUNG],
      },
      {
        name: 'Home & Garden',
        segments: ['Gardening', 'DIY', 'Interior design', 'Home improvement', 'Houseplants', 'Cleaning', 'Organisation', 'Outdoor living'],
        skews: [{ by: 'Age', index: [0.4, 0.8, 1.1, 1.2, 1.3, 1.2] }],
      },
      {
        name: 'Style',
        segments: [
          'Fashion',
          'Streetwear',
          { name: 'Luxury fashion', within: 'Fashion', share: 0.15, skews: [AFFLUENT] },
          'Sustainable fashion',
          'Beauty',
          'Skincare',
          'Fragrance',
          'Jewellery',
        ],
        skews: [{ by: 'Age', index: [1.6, 1.4, 1.0, 0.9, 0.7, 0.6] }],
      },
      {
        name: 'Lifestyle',
        segments: [
          { name: 'Pet owners', share: 0.38 },
          { name: 'Dog owners', within: 'Pet owners', share: 0.6 },
          { name: 'Cat owners', within: 'Pet owners', share: 0.45 },
          'Books',
          'Arts & crafts',
          'Volunteering',
          'Sustainability',
          'Personal finance',
        ],
      },
      {
        name: 'Automotive',
        segments: ['Car enthusiasts', 'Electric vehicles', 'SUVs', 'Motorcycles', 'Classic cars', 'Car maintenance', 'Motorsport', 'Off-road'],
      },
      {
        name: 'Wellbeing',
        segments: ['Mindfulness', 'Sleep', 'Mental health', 'Natural remedies', 'Healthy eating', 'Spa & wellness', 'Meditation', 'Self-improvement'],
      },
      { name: 'Outdoors', segments: ['Hiking', 'Camping', 'Fishing', 'Climbing', 'Skiing', 'Surfing', 'Sailing', 'Birdwatching'] },
      {
        name: 'Family',
        segments: ['New parents', 'Family days out', 'School run', 'Kids activities', 'Family cooking', 'Family games', 'Home schooling', 'Family finances'],
        skews: [FAMILY_YEARS],
      },
      { name: 'Culture', segments: ['Museums', 'History', 'Art galleries', 'Classical music', 'Opera', 'Architecture', 'Languages', 'Poetry'], skews: [OLDER] },
      {
        name: 'Business',
        segments: [
          'Entrepreneurs',
          'Small business owners',
          'Marketing professionals',
          'Finance professionals',
          'Remote workers',
          'Job seekers',
          'Students',
          'Executives',
        ],
        skews: [AFFLUENT],
      },
      {
        name: 'Hobbies',
        segments: ['Photography hobbyists', 'Collectors', 'Model making', 'Knitting', 'Woodworking', 'Astronomy', 'Magic', 'Chess'],
        skews: [{ by: 'Age', index: [0.7, 0.8, 0.9, 1.0, 1.2, 1.3] }],
      },
    ],
  },
  {
    vendor: 'intentsignal',
    root: 'Purchase Intent',
    groups: [
      {
        name: 'Beverages',
        segments: ['Soft drinks', 'Sparkling water', 'Still water', 'Energy drinks', 'Cold coffee', 'Juice', 'Sports drinks', 'Diet drinks'],
        skews: [{ by: 'Age', index: [1.4, 1.3, 1.1, 0.9, 0.8, 0.7] }],
      },
      { name: 'Autos', segments: ['New car', 'Used car', 'Electric car', 'Leasing', 'Car insurance', 'Tyres', 'Car rental', 'Motorbike'] },
      {
        name: 'Electronics',
        segments: ['Smartphones', 'Laptops', 'TVs', 'Headphones', 'Smart speakers', 'Cameras', 'Tablets', 'Game consoles'],
        skews: [YOUNG],
      },
      {
        name: 'Home',
        segments: ['Furniture', 'Appliances', 'Mattresses', 'Home insurance', 'Mortgages', 'Moving house', 'Kitchen', 'Bathroom'],
        skews: [{ by: 'Age', index: [0.5, 1.3, 1.2, 1.0, 0.9, 0.8] }],
      },
      { name: 'Apparel', segments: ['Sportswear', 'Shoes', 'Outerwear', 'Kidswear', 'Accessories', 'Workwear', 'Swimwear', 'Lingerie'], skews: [YOUNG] },
      {
        name: 'Financial services',
        segments: ['Credit cards', 'Savings accounts', 'Investments', 'Personal loans', 'Pensions', 'Life insurance', 'Banking apps', 'Crypto'],
        skews: [AFFLUENT],
      },
      { name: 'Grocery', segments: ['Organic food', 'Snacks', 'Frozen food', 'Ready meals', 'Household goods', 'Baby products', 'Pet food', 'Online grocery'] },
      {
        name: 'Travel',
        segments: ['Flights', 'Hotels', 'Package holidays', 'Travel insurance', 'Rail travel', 'Holiday rentals', 'Ski trips', 'Theme parks'],
        skews: [AFFLUENT],
      },
      { name: 'Telecom', segments: ['Mobile plans', 'Broadband', 'SIM only', 'Phone upgrades', 'Family plans', 'Fibre', 'Roaming', 'Prepaid'] },
      {
        name: 'Insurance',
        segments: [
          'Health insurance',
          'Pet insurance',
          'Travel cover',
          'Gadget insurance',
          'Income protection',
          'Dental cover',
          'Landlord insurance',
          'Business insurance',
        ],
      },
      { name: 'Beauty', segments: ['Make-up', 'Hair care', 'Skincare products', 'Perfume', 'Nail care', 'Grooming', 'Sun care', 'Beauty devices'] },
      {
        name: 'Restaurants',
        segments: ['Fine dining', 'Casual dining', 'Takeaway', 'Food delivery', 'Coffee shops', 'Brunch', 'Street food', 'Drive-thru'],
        skews: [YOUNG],
      },
    ],
  },
  {
    vendor: 'mediapulse',
    root: 'Media Habits',
    groups: [
      {
        name: 'Television',
        segments: [
          { name: 'Heavy TV viewers', share: 0.22, skews: [OLDER] },
          { name: 'Light TV viewers', share: 0.3, outside: 'Heavy TV viewers', skews: [YOUNG] },
          'Live sports viewers',
          'News viewers',
        ],
      },
      {
        name: 'Streaming',
        segments: [
          { name: 'Video streaming', share: 0.55 },
          'Music streaming',
          { name: 'Cord cutters', within: 'Video streaming', share: 0.3 },
          { name: 'Binge watchers', within: 'Video streaming', share: 0.4 },
        ],
        skews: [{ by: 'Age', index: [1.5, 1.4, 1.2, 1.0, 0.7, 0.4] }],
      },
      { name: 'Audio', segments: ['Podcast listeners', 'Radio listeners', 'Audiobook listeners', 'Smart speaker users'] },
      {
        name: 'Social',
        segments: ['Heavy social media', 'Short video', 'Messaging apps', 'Forums'],
        skews: [{ by: 'Age', index: [1.8, 1.5, 1.1, 0.8, 0.6, 0.4] }],
      },
      { name: 'Print & Web', segments: ['Newspaper readers', 'Magazine readers', 'News sites', 'Ad blocker users'], skews: [OLDER] },
      { name: 'Cinema', segments: ['Frequent cinema goers', 'Blockbuster fans', 'Independent film', 'Family films'] },
      { name: 'Out of home', segments: ['Commuters', 'Billboard exposure', 'Transit riders', 'Airport travellers'] },
      {
        name: 'Gaming media',
        segments: [{ name: 'Game streams', share: 0.12 }, 'Gaming news', 'In-game ads reach', { name: 'Esports viewers', within: 'Game streams', share: 0.35 }],
        skews: [VERY_YOUNG],
      },
    ],
  },
  {
    vendor: 'first_party',
    root: 'Site Visitation',
    groups: [
      {
        name: 'Site visitors',
        // Recency windows nest (7 ⊂ 30 ⊂ 90 days), and so does the funnel (viewed ⊃ added to cart ⊃ checkout).
        segments: [
          { name: 'Visited in 7 days', within: 'Visited in 30 days', share: 0.35 },
          { name: 'Visited in 30 days', within: 'Visited in 90 days', share: 0.5 },
          { name: 'Visited in 90 days', share: 0.12, skews: [YOUNG] },
          { name: 'Product page viewers', within: 'Visited in 90 days', share: 0.6 },
          { name: 'Added to cart', within: 'Product page viewers', share: 0.3 },
          { name: 'Checkout starters', within: 'Added to cart', share: 0.55 },
          { name: 'Store locator users', within: 'Visited in 90 days', share: 0.08 },
          { name: 'Newsletter subscribers', share: 0.05, skews: [OLDER] },
        ],
      },
      {
        name: 'Customers',
        segments: [
          { name: 'Customers', share: 0.08 },
          { name: 'Lapsed customers', outside: 'Customers', share: 0.04 },
          { name: 'Loyalty members', within: 'Customers', share: 0.35 },
          { name: 'Repeat buyers', within: 'Customers', share: 0.45 },
          { name: 'High spenders', within: 'Repeat buyers', share: 0.3, skews: [AFFLUENT] },
          { name: 'Discount seekers', share: 0.1, skews: [BUDGET] },
          { name: 'App users', within: 'Customers', share: 0.3, skews: [YOUNG] },
          { name: 'Subscription customers', within: 'Customers', share: 0.15 },
        ],
      },
    ],
  },
];

const PREFIX: Record<string, string> = { demographix: 'dmx', interestgraph: 'ig', intentsignal: 'is', mediapulse: 'mp', first_party: 'fp' };

/**
 * The vendor taxonomy for a seed: vendors > categories > segments. Partitions (age bands, gender,
 * income, education, value tiers) cover everyone once; declared sizes, subsets (`within`),
 * exclusions (`outside`) and correlations (`skews`) where the world has them; other segments get
 * a seeded size in their vendor's range. A few expired (zero-count) and deleted (no longer
 * available) segments, chosen by the seed among the interest and intent segments.
 */
export function buildTaxonomy(seed: number): SegmentDef[] {
  const r = rng(seed);
  const out: SegmentDef[] = [];
  const counters = new Map<string, number>();
  const nextId = (vendor: string) => {
    const n = (counters.get(vendor) ?? 0) + 1;
    counters.set(vendor, n);
    return `${PREFIX[vendor]}-${String(n).padStart(4, '0')}`;
  };
  for (const p of PARTITIONS) {
    const weights = marginalWeights(p.key);
    p.bands.forEach((name, band) => {
      out.push({
        short_id: nextId(p.vendor),
        name,
        vendor: p.vendor,
        path: p.path,
        membership: { kind: 'partition', partition: p.key, band, weights },
        expired: false,
        deleted: false,
        demographic: p.vendor === 'demographix',
      });
    });
  }
  const relations: { def: SegmentDef; within?: string; outside?: string }[] = [];
  for (const g of GROUPS) {
    const [lo, hi] = SIZE_RANGE[g.vendor].map(Math.log);
    for (const group of g.groups) {
      for (const spec of group.segments) {
        const s = typeof spec === 'string' ? { name: spec } : spec;
        // One draw per segment whether or not its size is declared: the seed's later choices stay put.
        const seeded = Math.exp(lo + (hi - lo) * r());
        const def: SegmentDef = {
          short_id: nextId(g.vendor),
          name: s.name,
          vendor: g.vendor,
          path: [g.root, group.name],
          membership: {
            kind: 'share',
            share: s.share ?? seeded,
            // Nested segments take their parent's members, not a gate of their own.
            gate: s.within ? undefined : `${g.root}/${group.name}`,
            skews: [...(s.within ? [] : (group.skews ?? [])), ...(s.skews ?? [])],
          },
          expired: false,
          deleted: false,
          demographic: g.vendor === 'demographix',
        };
        out.push(def);
        if (s.within || s.outside) relations.push({ def, within: s.within, outside: s.outside });
      }
    }
  }
  const byName = (vendor: string, name: string) => {
    const found = out.filter((d) => d.vendor === vendor && d.name === name);
    if (found.length !== 1) throw new Error(`taxonomy: '${name}' names ${found.length} segments of ${vendor}`);
    return found[0];
  };
  for (const { def, within, outside } of relations) {
    const m = def.membership as Extract<Membership, { kind: 'share' }>;
    if (within) m.within = byName(def.vendor, within).short_id;
    if (outside) m.outside = byName(def.vendor, outside).short_id;
  }
  const pool = out.filter((s) => s.vendor === 'interestgraph' || s.vendor === 'intentsignal');
  for (let i = 0; i < 6; i++) {
    const s = pool[Math.floor(r() * pool.length)];
    if (i < 3) s.expired = true;
    else if (!s.expired) s.deleted = true;
  }
  // A segment inside an expired one has no members either: declared subsets hold for every seed.
  const expired = (d: SegmentDef): boolean => {
    const m = d.membership;
    return d.expired || (m.kind === 'share' && !!m.within && expired(out.find((x) => x.short_id === m.within)!));
  };
  for (const d of out) d.expired = expired(d);
  return out;
}

/** Declared subsets: [child short_id, parent short_id] (matched ⊂ matched, modeled ⊂ modeled). */
export function declaredSubsets(taxonomy: SegmentDef[]): [string, string][] {
  return taxonomy.flatMap((d) => (d.membership.kind === 'share' && d.membership.within ? [[d.short_id, d.membership.within] as [string, string]] : []));
}

/** Declared exclusions: [segment, the segment whose matched members it never has]. */
export function declaredExclusions(taxonomy: SegmentDef[]): [string, string][] {
  return taxonomy.flatMap((d) => (d.membership.kind === 'share' && d.membership.outside ? [[d.short_id, d.membership.outside] as [string, string]] : []));
}

/** The segment's path as the spec shows it: vendor display name, then the category names. */
export function displayPath(def: SegmentDef): string[] {
  const v = VENDORS.find((x) => x.vendor_name === def.vendor);
  return [v?.display_name ?? def.vendor, ...def.path];
}
