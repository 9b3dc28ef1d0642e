import { rng } from './hash';

export interface Vendor {
  vendor_name: string;
  vendor_type: 'first_party' | 'third_party';
  display_name: string;
}

/**
 * A declared correlation with a demographic partition: membership is `index[b]` times as likely
 * in band b of `by` ('Age', 'Household Income', ...) as otherwise (the generator calibrates the
 * segment back to its size). 1.6 in '45-54' shows as an index of about 160 there.
 */
export interface Skew {
  by: DemographicKey;
  index: number[];
}

/**
 * A latent trait a segment loads on: membership is exp(weight × (level − 2)) times as likely at
 * the person's level (0..4) of the factor. Segments loading on the same factor overlap; a
 * factor that leans old makes its segments lean old.
 */
export interface Loading {
  factor: FactorKey;
  weight: number;
}

/** How membership is drawn: a share of the population (or of a parent segment), or one band of a partition. */
export type Membership =
  | {
      kind: 'share';
      /** Of the population; with `within`, of the parent's members. */
      share: number;
      /** short_id of the segment this one is a subset of (matched and modeled). */
      within?: string;
      /** short_id of a segment whose matched members this one never has (current vs lapsed customers). */
      outside?: string;
      /** Direct correlations with demographic partitions. */
      skews: Skew[];
      /** The latent traits that drive it (its group's and its own). */
      loadings: Loading[];
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
  /** Other words a planner searches for it by ('soda' for soft drinks). */
  keywords?: string[];
}

export const VENDORS: Vendor[] = [
  { vendor_name: 'demographix', vendor_type: 'third_party', display_name: 'Demographix' },
  { vendor_name: 'interestgraph', vendor_type: 'third_party', display_name: 'InterestGraph' },
  { vendor_name: 'intentsignal', vendor_type: 'third_party', display_name: 'IntentSignal' },
  { vendor_name: 'mediapulse', vendor_type: 'third_party', display_name: 'MediaPulse' },
  { vendor_name: 'first_party', vendor_type: 'first_party', display_name: 'First Party' },
  { vendor_name: 'shopperlens', vendor_type: 'third_party', display_name: 'ShopperLens' },
  { vendor_name: 'brandpulse', vendor_type: 'third_party', display_name: 'BrandPulse' },
];

export type PartitionKey = 'Age' | 'Gender' | 'Household Income' | 'Education' | 'Tier';
/** The partitions a person's demographic cell is made of (what factors and skews may depend on). */
export type DemographicKey = Exclude<PartitionKey, 'Tier'>;
export const DEMOGRAPHIC_KEYS: readonly DemographicKey[] = ['Age', 'Gender', 'Household Income', 'Education'];

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

export type FactorKey =
  'sport' | 'news' | 'digital' | 'gaming' | 'family' | 'health' | 'premium' | 'treats' | 'style' | 'home' | 'culture' | 'outdoors' | 'motoring' | 'tech';

/**
 * A latent trait every person has at a level 0..4: the person's score is the sum of the effects
 * of their demographic bands plus a standard normal draw, cut at FACTOR_CUTS. So a factor leans
 * the way its effects say (news older and more educated, style female and young) and still
 * varies a lot between people of the same age and income.
 */
export interface FactorDef {
  key: FactorKey;
  /** Per band of each demographic partition, the shift of the score. */
  effects: Partial<Record<DemographicKey, number[]>>;
}

/** Score cuts between levels 0|1|2|3|4: with no shift, 12% / 23% / 31% / 23% / 12%. */
export const FACTOR_CUTS = [-1.2, -0.4, 0.4, 1.2];
export const FACTOR_LEVELS = 5;

// Effects by band: Age 18-24 .. 65+; Gender Female, Male, Non-binary; Household Income under
// $25k .. $150k+; Education high school .. graduate degree.
export const FACTORS: FactorDef[] = [
  {
    key: 'sport',
    effects: { Age: [0.3, 0.35, 0.25, 0.05, -0.25, -0.6], Gender: [-0.55, 0.6, -0.2], 'Household Income': [-0.15, 0, 0, 0.05, 0.1, 0.1] },
  },
  {
    key: 'news',
    effects: {
      Age: [-1.0, -0.6, -0.2, 0.2, 0.6, 1.0],
      'Household Income': [-0.2, -0.1, 0, 0.05, 0.15, 0.25],
      Education: [-0.25, 0, 0.2, 0.45],
    },
  },
  { key: 'digital', effects: { Age: [1.1, 0.8, 0.35, -0.15, -0.7, -1.3], 'Household Income': [-0.15, 0, 0.05, 0.1, 0.1, 0.1] } },
  { key: 'gaming', effects: { Age: [1.2, 0.8, 0.3, -0.3, -0.9, -1.4], Gender: [-0.45, 0.5, 0.2] } },
  {
    key: 'family',
    effects: { Age: [-0.8, 0.4, 0.9, 0.4, -0.5, -0.8], Gender: [0.15, -0.1, 0], 'Household Income': [-0.2, 0, 0.1, 0.1, 0.1, 0] },
  },
  {
    key: 'health',
    effects: {
      Age: [0.35, 0.35, 0.15, 0, -0.25, -0.5],
      Gender: [0.2, -0.15, 0.1],
      'Household Income': [-0.45, -0.25, 0, 0.15, 0.35, 0.5],
      Education: [-0.3, -0.1, 0.2, 0.35],
    },
  },
  {
    key: 'premium',
    effects: { Age: [-0.5, -0.1, 0.1, 0.2, 0.2, 0.05], 'Household Income': [-1.1, -0.6, -0.15, 0.25, 0.7, 1.2], Education: [-0.3, -0.1, 0.2, 0.4] },
  },
  {
    key: 'treats',
    effects: {
      Age: [0.7, 0.45, 0.2, -0.05, -0.4, -0.8],
      Gender: [-0.1, 0.2, 0],
      'Household Income': [0.25, 0.15, 0.05, -0.05, -0.2, -0.35],
      Education: [0.3, 0.1, -0.15, -0.35],
    },
  },
  {
    key: 'style',
    effects: { Age: [0.6, 0.45, 0.15, -0.1, -0.4, -0.7], Gender: [0.8, -0.7, 0.3], 'Household Income': [-0.2, -0.1, 0, 0.1, 0.2, 0.3] },
  },
  { key: 'home', effects: { Age: [-1.0, -0.2, 0.3, 0.45, 0.4, 0.15], 'Household Income': [-0.4, -0.15, 0.05, 0.15, 0.25, 0.3] } },
  {
    key: 'culture',
    effects: { Age: [-0.3, -0.2, -0.1, 0.05, 0.3, 0.45], 'Household Income': [-0.2, -0.1, 0, 0.05, 0.15, 0.3], Education: [-0.6, -0.15, 0.35, 0.7] },
  },
  {
    key: 'outdoors',
    effects: { Age: [0.1, 0.2, 0.2, 0.1, -0.1, -0.4], Gender: [-0.15, 0.25, 0], 'Household Income': [-0.2, 0, 0.05, 0.1, 0.15, 0.2] },
  },
  {
    key: 'motoring',
    effects: { Age: [0.1, 0.2, 0.15, 0.05, -0.1, -0.3], Gender: [-0.5, 0.55, 0], 'Household Income': [-0.3, -0.1, 0, 0.1, 0.2, 0.2] },
  },
  {
    key: 'tech',
    effects: {
      Age: [0.6, 0.5, 0.2, -0.1, -0.5, -0.9],
      Gender: [-0.4, 0.45, 0.2],
      'Household Income': [-0.2, 0, 0.05, 0.1, 0.2, 0.3],
      Education: [-0.2, 0, 0.15, 0.3],
    },
  },
];

/** Age skews that repeat: young-leaning, older-leaning. By age band 18-24 .. 65+. */
const YOUNG: Skew = { by: 'Age', index: [1.5, 1.4, 1.1, 0.9, 0.7, 0.5] };
const OLDER: Skew = { by: 'Age', index: [0.5, 0.6, 0.8, 1.0, 1.3, 1.6] };
/** By household income band, under $25k .. $150k+. */
const AFFLUENT: Skew = { by: 'Household Income', index: [0.4, 0.6, 0.9, 1.1, 1.4, 1.8] };
const BUDGET: Skew = { by: 'Household Income', index: [1.5, 1.3, 1.1, 0.9, 0.7, 0.5] };
/** By gender: Female, Male, Non-binary. */
const WOMEN: Skew = { by: 'Gender', index: [1.6, 0.4, 1.1] };
const MEN: Skew = { by: 'Gender', index: [0.45, 1.6, 0.9] };

/** Factor loadings, written { factor: weight }. */
type Loads = Partial<Record<FactorKey, number>>;

/**
 * A segment with a declared size or relation; a plain name gets a seeded size in its vendor's
 * range. `within` / `outside` name a segment of the same vendor.
 */
type SegmentSpec = string | { name: string; share?: number; within?: string; outside?: string; skews?: Skew[]; factors?: Loads; keywords?: string[] };

interface GroupSpec {
  name: string;
  segments: SegmentSpec[];
  /** Correlations every segment of the group shares (not the ones nested in another: they inherit their parent's). */
  skews?: Skew[];
  factors?: Loads;
}

/** Seeded sizes (log-uniform) for segments without a declared share, per vendor: what such segments reach in the world. */
const SIZE_RANGE: Record<string, [number, number]> = {
  demographix: [0.05, 0.4],
  interestgraph: [0.005, 0.25],
  intentsignal: [0.001, 0.08],
  mediapulse: [0.05, 0.5],
  first_party: [0.01, 0.1],
};

/**
 * The original vendors' groups. Their order, and one seeded draw per segment, fix the seeded
 * sizes and the expired and deleted choices of every seed: add new groups to ADDED_GROUPS.
 */
const GROUPS: { vendor: string; root: string; groups: GroupSpec[] }[] = [
  {
    vendor: 'demographix',
    root: 'Demographics',
    groups: [
      {
        name: 'Parents',
        segments: [
          { name: 'Parents', share: 0.32, skews: [{ by: 'Age', index: [0.35, 1.25, 1.9, 1.6, 0.55, 0.1] }], factors: { family: 0.5 } },
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
        segments: [
          { name: 'Football', factors: { sport: 0.3 } },
          'Basketball',
          'Baseball',
          'Soccer',
          { name: 'Tennis', factors: { premium: 0.4 } },
          { name: 'Golf', factors: { premium: 0.7, culture: 0.2 }, skews: [OLDER] },
          { name: 'Running', factors: { health: 0.7 } },
          { name: 'Cycling', factors: { health: 0.5, outdoors: 0.4 } },
        ],
        factors: { sport: 1.0 },
      },
      {
        name: 'Travel',
        segments: [
          'Beach holidays',
          { name: 'City breaks', factors: { culture: 0.5 } },
          { name: 'Cruises', skews: [OLDER] },
          { name: 'Adventure travel', factors: { outdoors: 0.7 }, skews: [YOUNG] },
          'Business travel',
          { name: 'Family travel', factors: { family: 1.0 } },
          { name: 'Luxury travel', factors: { premium: 0.6 } },
          'Road trips',
        ],
        factors: { premium: 0.8 },
      },
      {
        name: 'Food & Drink',
        segments: [
          { name: 'Cooking', factors: { home: 0.6, family: 0.3 } },
          { name: 'Baking', factors: { home: 0.7 }, skews: [WOMEN] },
          { name: 'Coffee lovers', factors: { premium: 0.4, digital: 0.2 } },
          { name: 'Tea lovers', factors: { culture: 0.4 }, skews: [OLDER] },
          { name: 'Craft beer', factors: { premium: 0.3, treats: 0.3 }, skews: [MEN] },
          { name: 'Wine', factors: { premium: 0.8, culture: 0.3 } },
          { name: 'Vegetarian', factors: { health: 0.8, culture: 0.3 } },
          { name: 'Fast food', factors: { treats: 1.1 } },
        ],
      },
      {
        name: 'Fitness',
        segments: [
          'Gym goers',
          { name: 'Yoga', skews: [WOMEN] },
          { name: 'Pilates', skews: [WOMEN] },
          'Home workouts',
          { name: 'Marathon runners', within: 'Running', share: 0.08 },
          'Weight loss',
          'Nutrition',
          { name: 'Outdoor fitness', factors: { outdoors: 0.6 } },
        ],
        factors: { health: 1.0 },
        skews: [YOUNG],
      },
      {
        name: 'Entertainment',
        segments: [
          'Movies',
          'TV series',
          'Live music',
          'Concerts',
          { name: 'Theatre', factors: { culture: 0.9, digital: -0.4 } },
          'Comedy',
          'Festivals',
          { name: 'Anime', factors: { gaming: 0.6 } },
        ],
        factors: { digital: 0.6 },
      },
      {
        name: 'Gaming',
        segments: ['Console gamers', 'PC gamers', 'Mobile gamers', 'Esports fans', 'Casual gamers', 'Retro gaming', 'Board games', 'Puzzle games'],
        factors: { gaming: 1.1 },
      },
      {
        name: 'Technology',
        segments: ['Early adopters', 'Smart home', 'Wearables', 'Photography', 'Gadgets', 'Software developers', 'AI enthusiasts', 'Audio enthusiasts'],
        factors: { tech: 1.0 },
      },
      {
        name: 'Home & Garden',
        segments: [
          { name: 'Gardening', skews: [OLDER] },
          { name: 'DIY', skews: [MEN] },
          { name: 'Interior design', factors: { style: 0.5 } },
          'Home improvement',
          'Houseplants',
          'Cleaning',
          'Organisation',
          'Outdoor living',
        ],
        factors: { home: 1.0 },
      },
      {
        name: 'Style',
        segments: [
          'Fashion',
          { name: 'Streetwear', factors: { digital: 0.5 } },
          { name: 'Luxury fashion', within: 'Fashion', share: 0.15, skews: [AFFLUENT] },
          'Sustainable fashion',
          'Beauty',
          'Skincare',
          'Fragrance',
          'Jewellery',
        ],
        factors: { style: 1.1 },
      },
      {
        name: 'Lifestyle',
        segments: [
          { name: 'Pet owners', share: 0.38, factors: { home: 0.4 } },
          { name: 'Dog owners', within: 'Pet owners', share: 0.6 },
          { name: 'Cat owners', within: 'Pet owners', share: 0.45 },
          { name: 'Books', factors: { culture: 0.8 } },
          { name: 'Arts & crafts', factors: { culture: 0.4, home: 0.4 } },
          { name: 'Volunteering', factors: { culture: 0.4 }, skews: [OLDER] },
          { name: 'Sustainability', factors: { health: 0.5, culture: 0.4 } },
          { name: 'Personal finance', factors: { premium: 0.8 } },
        ],
      },
      {
        name: 'Automotive',
        segments: [
          'Car enthusiasts',
          { name: 'Electric vehicles', factors: { tech: 0.6, premium: 0.4 } },
          { name: 'SUVs', factors: { family: 0.5 } },
          'Motorcycles',
          { name: 'Classic cars', skews: [OLDER] },
          'Car maintenance',
          { name: 'Motorsport', factors: { sport: 0.6 } },
          { name: 'Off-road', factors: { outdoors: 0.6 } },
        ],
        factors: { motoring: 1.1 },
      },
      {
        name: 'Wellbeing',
        segments: ['Mindfulness', 'Sleep', 'Mental health', 'Natural remedies', 'Healthy eating', 'Spa & wellness', 'Meditation', 'Self-improvement'],
        factors: { health: 0.9 },
        skews: [WOMEN],
      },
      {
        name: 'Outdoors',
        segments: [
          'Hiking',
          'Camping',
          { name: 'Fishing', skews: [MEN, OLDER] },
          { name: 'Climbing', skews: [YOUNG] },
          { name: 'Skiing', factors: { premium: 0.7 } },
          { name: 'Surfing', skews: [YOUNG] },
          { name: 'Sailing', factors: { premium: 0.8 } },
          { name: 'Birdwatching', skews: [OLDER] },
        ],
        factors: { outdoors: 1.1 },
      },
      {
        name: 'Family',
        segments: ['New parents', 'Family days out', 'School run', 'Kids activities', 'Family cooking', 'Family games', 'Home schooling', 'Family finances'],
        factors: { family: 1.2 },
      },
      {
        name: 'Culture',
        segments: ['Museums', 'History', 'Art galleries', 'Classical music', 'Opera', 'Architecture', 'Languages', 'Poetry'],
        factors: { culture: 1.1 },
        skews: [OLDER],
      },
      {
        name: 'Business',
        segments: [
          'Entrepreneurs',
          'Small business owners',
          'Marketing professionals',
          'Finance professionals',
          { name: 'Remote workers', factors: { digital: 0.5 } },
          { name: 'Job seekers', factors: { premium: -1.2 }, skews: [YOUNG] },
          { name: 'Students', factors: { premium: -1.2 }, skews: [{ by: 'Age', index: [6, 1.2, 0.3, 0.1, 0.05, 0.02] }] },
          { name: 'Executives', factors: { premium: 0.6 } },
        ],
        factors: { premium: 0.8 },
      },
      {
        name: 'Hobbies',
        segments: [
          'Photography hobbyists',
          'Collectors',
          'Model making',
          { name: 'Knitting', skews: [WOMEN, OLDER] },
          { name: 'Woodworking', skews: [MEN] },
          { name: 'Astronomy', factors: { tech: 0.5 } },
          'Magic',
          'Chess',
        ],
        factors: { culture: 0.5, home: 0.4 },
      },
    ],
  },
  {
    vendor: 'intentsignal',
    root: 'Purchase Intent',
    groups: [
      {
        name: 'Beverages',
        segments: [
          // In the market for a drink this month: a good part of its buyers (ShopperLens).
          { name: 'Soft drinks', share: 0.06, keywords: ['soda', 'pop'] },
          { name: 'Sparkling water', share: 0.025, factors: { health: 0.5, premium: 0.4, treats: -0.7 } },
          { name: 'Still water', share: 0.03, factors: { health: 0.6, treats: -0.7 } },
          { name: 'Energy drinks', share: 0.03, factors: { gaming: 0.6 }, skews: [MEN] },
          { name: 'Cold coffee', share: 0.02, factors: { digital: 0.6 } },
          { name: 'Juice', share: 0.03, factors: { family: 0.6, treats: -0.4 } },
          { name: 'Sports drinks', share: 0.02, factors: { sport: 0.8, health: 0.4 } },
          { name: 'Diet drinks', share: 0.035, factors: { health: 0.6 }, skews: [WOMEN], keywords: ['diet soda'] },
        ],
        factors: { treats: 0.8 },
      },
      {
        name: 'Autos',
        segments: ['New car', 'Used car', 'Electric car', 'Leasing', 'Car insurance', 'Tyres', 'Car rental', 'Motorbike'],
        factors: { motoring: 0.9 },
      },
      {
        name: 'Electronics',
        segments: ['Smartphones', 'Laptops', 'TVs', 'Headphones', 'Smart speakers', 'Cameras', 'Tablets', { name: 'Game consoles', factors: { gaming: 0.9 } }],
        factors: { tech: 0.9 },
      },
      {
        name: 'Home',
        segments: [
          'Furniture',
          'Appliances',
          'Mattresses',
          'Home insurance',
          { name: 'Mortgages', factors: { family: 0.6 } },
          { name: 'Moving house', skews: [{ by: 'Age', index: [1.3, 1.9, 1.2, 0.8, 0.6, 0.4] }] },
          'Kitchen',
          'Bathroom',
        ],
        factors: { home: 0.8 },
      },
      {
        name: 'Apparel',
        segments: [
          { name: 'Sportswear', factors: { sport: 0.6 } },
          'Shoes',
          'Outerwear',
          { name: 'Kidswear', factors: { family: 1.2, style: -0.6 } },
          'Accessories',
          { name: 'Workwear', factors: { style: -0.6 }, skews: [MEN] },
          'Swimwear',
          { name: 'Lingerie', skews: [WOMEN] },
        ],
        factors: { style: 0.9 },
      },
      {
        name: 'Financial services',
        segments: [
          'Credit cards',
          'Savings accounts',
          'Investments',
          { name: 'Personal loans', factors: { premium: -1.2 } },
          { name: 'Pensions', skews: [OLDER] },
          'Life insurance',
          { name: 'Banking apps', factors: { digital: 0.8 } },
          { name: 'Crypto', factors: { tech: 0.8 }, skews: [MEN] },
        ],
        factors: { premium: 0.8 },
      },
      {
        name: 'Grocery',
        segments: [
          { name: 'Organic food', factors: { health: 0.8, premium: 0.4 } },
          { name: 'Snacks', factors: { treats: 1.0 } },
          { name: 'Frozen food', factors: { treats: 0.4 } },
          { name: 'Ready meals', factors: { treats: 0.5, home: -0.5 } },
          'Household goods',
          { name: 'Baby products', factors: { family: 1.0 } },
          { name: 'Pet food', factors: { home: 0.4 } },
          { name: 'Online grocery', factors: { digital: 0.6 } },
        ],
        factors: { family: 0.5 },
      },
      {
        name: 'Travel',
        segments: [
          'Flights',
          'Hotels',
          'Package holidays',
          'Travel insurance',
          'Rail travel',
          'Holiday rentals',
          'Ski trips',
          { name: 'Theme parks', factors: { family: 1.0, premium: -0.4 } },
        ],
        factors: { premium: 0.8 },
      },
      {
        name: 'Telecom',
        segments: [
          'Mobile plans',
          'Broadband',
          'SIM only',
          'Phone upgrades',
          { name: 'Family plans', factors: { family: 1.0 } },
          'Fibre',
          'Roaming',
          'Prepaid',
        ],
        factors: { digital: 0.6 },
      },
      {
        name: 'Insurance',
        segments: [
          'Health insurance',
          { name: 'Pet insurance', factors: { home: 0.5 } },
          'Travel cover',
          { name: 'Gadget insurance', factors: { tech: 0.7 } },
          'Income protection',
          'Dental cover',
          'Landlord insurance',
          'Business insurance',
        ],
        factors: { premium: 0.5, home: 0.3 },
      },
      {
        name: 'Beauty',
        segments: ['Make-up', 'Hair care', 'Skincare products', 'Perfume', 'Nail care', { name: 'Grooming', skews: [MEN] }, 'Sun care', 'Beauty devices'],
        factors: { style: 1.1 },
      },
      {
        name: 'Restaurants',
        segments: [
          { name: 'Fine dining', factors: { premium: 0.9 } },
          'Casual dining',
          { name: 'Takeaway', factors: { treats: 0.7 } },
          { name: 'Food delivery', factors: { digital: 0.6, treats: 0.4 } },
          { name: 'Coffee shops', factors: { digital: 0.4 } },
          { name: 'Brunch', factors: { premium: 0.5, style: 0.3 } },
          { name: 'Street food', factors: { digital: 0.5 } },
          { name: 'Drive-thru', factors: { treats: 1.0 } },
        ],
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
          { name: 'Heavy TV viewers', share: 0.22, factors: { news: 0.5, digital: -0.7 } },
          { name: 'Light TV viewers', share: 0.3, outside: 'Heavy TV viewers', factors: { digital: 0.6 } },
          { name: 'Live sports viewers', share: 0.2, factors: { sport: 1.3 } },
          { name: 'News viewers', share: 0.26, factors: { news: 1.2 } },
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
        factors: { digital: 1.1 },
      },
      {
        name: 'Audio',
        segments: [
          { name: 'Podcast listeners', factors: { digital: 0.5, culture: 0.4 } },
          { name: 'Radio listeners', factors: { news: 0.5, motoring: 0.3 } },
          { name: 'Audiobook listeners', factors: { culture: 0.7 } },
          { name: 'Smart speaker users', factors: { tech: 0.7 } },
        ],
      },
      {
        name: 'Social',
        segments: [
          'Heavy social media',
          { name: 'Short video', factors: { style: 0.3 } },
          'Messaging apps',
          { name: 'Forums', factors: { gaming: 0.5, tech: 0.4 } },
        ],
        factors: { digital: 1.2 },
      },
      {
        name: 'Print & Web',
        segments: [
          { name: 'Newspaper readers', factors: { news: 1.2 } },
          { name: 'Magazine readers', factors: { style: 0.5, home: 0.4 } },
          { name: 'News sites', factors: { news: 0.7, digital: 0.4 } },
          { name: 'Ad blocker users', factors: { tech: 1.0 } },
        ],
      },
      {
        name: 'Cinema',
        segments: [
          { name: 'Frequent cinema goers', factors: { digital: 0.5 } },
          { name: 'Blockbuster fans', factors: { digital: 0.5, gaming: 0.3 } },
          { name: 'Independent film', factors: { culture: 0.9 } },
          { name: 'Family films', factors: { family: 1.1 } },
        ],
      },
      {
        name: 'Out of home',
        segments: [
          { name: 'Commuters', skews: [{ by: 'Age', index: [0.9, 1.4, 1.4, 1.2, 0.8, 0.2] }] },
          'Billboard exposure',
          { name: 'Transit riders', factors: { digital: 0.4, premium: -0.3 } },
          { name: 'Airport travellers', factors: { premium: 0.9 } },
        ],
      },
      {
        name: 'Gaming media',
        segments: [{ name: 'Game streams', share: 0.12 }, 'Gaming news', 'In-game ads reach', { name: 'Esports viewers', within: 'Game streams', share: 0.35 }],
        factors: { gaming: 1.2 },
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
          { name: 'Visited in 90 days', share: 0.12, skews: [YOUNG], factors: { digital: 0.4 } },
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

/**
 * A demo brand: its category's buyers (ShopperLens) and its brand funnel (BrandPulse). Brands of
 * the demo clients (core/server's seed) and the competitors their journeys show.
 */
export interface DemoBrand {
  name: string;
  /** Who buys it: a segment of ShopperLens it is a share of (beverages), or none (retail brands, a share of everyone). */
  buyersWithin?: string;
  /** Its buyers' share of that segment (or of everyone). */
  buyers: number;
  /** Its funnel's first stage: the share of everyone aware of it. */
  aware: number;
  /** What its buyers and its aware lean to, beyond the category. */
  factors: Loads;
}

/** Acme Beverages' brands and their competitors; Globex Retail's. */
export const DEMO_BRANDS: DemoBrand[] = [
  { name: 'Fizz Cola', buyersWithin: 'Cola buyers', buyers: 0.42, aware: 0.72, factors: { treats: 0.6 } },
  { name: 'Royal Cola', buyersWithin: 'Cola buyers', buyers: 0.3, aware: 0.6, factors: { treats: 0.6, premium: -0.3 } },
  { name: 'Sparkle Soda', buyersWithin: 'Soda buyers', buyers: 0.35, aware: 0.5, factors: { treats: 0.5, digital: 0.4 } },
  { name: 'Peak Water', buyersWithin: 'Bottled water buyers', buyers: 0.3, aware: 0.55, factors: { health: 0.5 } },
  { name: 'Crystal Springs', buyersWithin: 'Bottled water buyers', buyers: 0.25, aware: 0.6, factors: { health: 0.4 } },
  { name: 'Alpine Fresh', buyersWithin: 'Bottled water buyers', buyers: 0.16, aware: 0.35, factors: { health: 0.4, premium: 0.5 } },
  { name: 'Morning Brew', buyersWithin: 'Cold coffee buyers', buyers: 0.45, aware: 0.42, factors: { digital: 0.5, premium: 0.3 } },
  { name: 'Bean Street', buyersWithin: 'Coffee buyers', buyers: 0.12, aware: 0.5, factors: { premium: 0.4 } },
  { name: 'Chill Brew', buyersWithin: 'Cold coffee buyers', buyers: 0.25, aware: 0.3, factors: { digital: 0.7 } },
  { name: 'Globex Home', buyers: 0.07, aware: 0.5, factors: { home: 0.9 } },
  { name: 'HomeMax', buyers: 0.09, aware: 0.6, factors: { home: 0.8, premium: -0.4 } },
  { name: 'Casa Living', buyers: 0.05, aware: 0.35, factors: { home: 0.6, style: 0.5, premium: 0.4 } },
  { name: 'Globex Fashion', buyers: 0.08, aware: 0.45, factors: { style: 1.0 } },
  { name: 'Trendline', buyers: 0.07, aware: 0.55, factors: { style: 0.9, digital: 0.3 } },
  { name: 'Urban Thread', buyers: 0.05, aware: 0.3, factors: { style: 0.8, digital: 0.6 } },
];

/**
 * A brand funnel's stages, each a share of the previous stage's people. Each stage keeps under
 * half of the one before, so the people who stop at a stage also shrink stage by stage (a
 * journey's deduplicated counts narrow too).
 */
export const FUNNEL_STAGES: { name: (brand: string) => string; share: number }[] = [
  { name: (b) => `Aware of ${b}`, share: 1 },
  { name: (b) => `Considering ${b}`, share: 0.55 },
  { name: (b) => `Prefer ${b}`, share: 0.5 },
  { name: (b) => `Bought ${b}`, share: 0.45 },
  { name: (b) => `Loyal to ${b}`, share: 0.3 },
];

/** The segment holding a brand's buyers (`ShopperLens` names them '<brand> buyers', retail brands '<brand> shoppers'). */
export const brandBuyersName = (b: DemoBrand) => `${b.name} ${b.buyersWithin ? 'buyers' : 'shoppers'}`;

/**
 * Vendors added after the seeded ones (issue 27): every size declared, so they take no seeded
 * draw and are never expired or deleted; the category, brand and department segments the demo
 * brands' planners look for, and the brands' funnels for Journeys.
 */
const ADDED_GROUPS: { vendor: string; root: string; groups: GroupSpec[] }[] = [
  {
    vendor: 'shopperlens',
    root: 'Beverages',
    groups: [
      {
        name: 'Soft drinks',
        segments: [
          { name: 'Soft drink buyers', share: 0.46, keywords: ['soda', 'pop', 'fizzy drinks', 'soft drinks'] },
          { name: 'Cola buyers', within: 'Soft drink buyers', share: 0.62, keywords: ['soda'] },
          { name: 'Diet cola buyers', within: 'Cola buyers', share: 0.36, factors: { health: 0.8 }, skews: [WOMEN], keywords: ['diet soda', 'zero sugar'] },
          { name: 'Soda buyers', within: 'Soft drink buyers', share: 0.5, factors: { digital: 0.3 }, keywords: ['lemonade', 'orange soda'] },
          {
            name: 'Diet drink buyers',
            within: 'Soft drink buyers',
            share: 0.4,
            factors: { health: 0.9 },
            skews: [WOMEN],
            keywords: ['diet soda', 'sugar free'],
          },
          { name: 'Energy drink buyers', share: 0.15, factors: { gaming: 0.6, sport: 0.3 }, skews: [MEN], keywords: ['energy drinks'] },
          { name: 'Sports drink buyers', share: 0.13, factors: { sport: 0.9, health: 0.4, treats: -0.4 }, keywords: ['isotonic'] },
        ],
        factors: { treats: 1.0 },
      },
      {
        name: 'Water',
        segments: [
          { name: 'Bottled water buyers', share: 0.5, keywords: ['water'] },
          { name: 'Sparkling water buyers', within: 'Bottled water buyers', share: 0.38, factors: { premium: 0.6 }, keywords: ['seltzer', 'fizzy water'] },
          { name: 'Still water buyers', within: 'Bottled water buyers', share: 0.8 },
        ],
        factors: { health: 0.7, treats: -0.3 },
      },
      {
        name: 'Coffee',
        segments: [
          { name: 'Coffee buyers', share: 0.55, factors: { news: 0.3, premium: 0.3 } },
          { name: 'Cold coffee buyers', within: 'Coffee buyers', share: 0.3, factors: { digital: 0.9 }, keywords: ['iced coffee', 'cold brew'] },
          { name: 'Juice buyers', share: 0.34, factors: { family: 0.7, health: 0.3 } },
        ],
      },
      { name: 'Beverage brands', segments: DEMO_BRANDS.filter((b) => b.buyersWithin).map(brandBuyers) },
    ],
  },
  {
    vendor: 'shopperlens',
    root: 'Retail',
    groups: [
      {
        name: 'Home departments',
        segments: [
          { name: 'Furniture shoppers', share: 0.14, factors: { family: 0.4 } },
          { name: 'Home décor shoppers', share: 0.2, factors: { style: 0.5 }, skews: [WOMEN], keywords: ['home decor'] },
          { name: 'Kitchen & dining shoppers', share: 0.18 },
          { name: 'Bedding & bath shoppers', share: 0.16 },
          { name: 'Garden & outdoor shoppers', share: 0.15, factors: { outdoors: 0.6 }, skews: [OLDER] },
          { name: 'Lighting shoppers', share: 0.08 },
        ],
        factors: { home: 1.0 },
      },
      {
        name: 'Fashion departments',
        segments: [
          { name: 'Womenswear shoppers', share: 0.3, skews: [{ by: 'Gender', index: [1.9, 0.08, 1.2] }], keywords: ['women'] },
          { name: 'Menswear shoppers', share: 0.22, factors: { style: -0.5 }, skews: [{ by: 'Gender', index: [0.25, 1.85, 0.9] }], keywords: ['men'] },
          { name: 'Kidswear shoppers', share: 0.13, factors: { family: 1.4, style: -0.6 }, keywords: ['children'] },
          { name: 'Shoe shoppers', share: 0.28, keywords: ['footwear'] },
          { name: 'Accessories shoppers', share: 0.2, skews: [WOMEN] },
          { name: 'Sportswear shoppers', share: 0.18, factors: { sport: 0.6, health: 0.5, style: -0.4 } },
        ],
        factors: { style: 0.9 },
      },
      { name: 'Retail brands', segments: DEMO_BRANDS.filter((b) => !b.buyersWithin).map(brandBuyers) },
    ],
  },
  {
    vendor: 'brandpulse',
    root: 'Brand Funnels',
    groups: DEMO_BRANDS.map((b) => ({
      name: b.name,
      segments: FUNNEL_STAGES.map((s, i) =>
        i === 0
          ? { name: s.name(b.name), share: b.aware, factors: b.factors }
          : { name: s.name(b.name), within: FUNNEL_STAGES[i - 1].name(b.name), share: s.share },
      ),
    })),
  },
];

function brandBuyers(b: DemoBrand): SegmentSpec {
  return { name: brandBuyersName(b), share: b.buyers, within: b.buyersWithin, factors: b.factors, keywords: ['brand'] };
}

const PREFIX: Record<string, string> = {
  demographix: 'dmx',
  interestgraph: 'ig',
  intentsignal: 'is',
  mediapulse: 'mp',
  first_party: 'fp',
  shopperlens: 'sl',
  brandpulse: 'bp',
};

const toLoadings = (...all: (Loads | undefined)[]): Loading[] => {
  const sum = new Map<FactorKey, number>();
  for (const l of all) for (const [f, w] of Object.entries(l ?? {}) as [FactorKey, number][]) sum.set(f, (sum.get(f) ?? 0) + w);
  return [...sum].filter(([, w]) => w !== 0).map(([factor, weight]) => ({ factor, weight }));
};

/**
 * The vendor taxonomy for a seed: vendors > categories > segments. Partitions (age bands, gender,
 * income, education, value tiers) cover everyone once; declared sizes, subsets (`within`),
 * exclusions (`outside`), demographic skews and latent-factor loadings where the world has them;
 * other segments get a seeded size in their vendor's range. A few expired (zero-count) and
 * deleted (no longer available) segments, chosen by the seed among the interest and intent
 * segments. Identifiers depend on the order only, never on the seed.
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
  const addGroups = (list: typeof GROUPS, seeded: (vendor: string) => number | undefined) => {
    for (const g of list) {
      for (const group of g.groups) {
        for (const spec of group.segments) {
          const s = typeof spec === 'string' ? { name: spec } : spec;
          const drawn = seeded(g.vendor);
          const share = s.share ?? drawn;
          if (share === undefined) throw new Error(`taxonomy: '${s.name}' of ${g.vendor} needs a declared share`);
          const def: SegmentDef = {
            short_id: nextId(g.vendor),
            name: s.name,
            vendor: g.vendor,
            path: [g.root, group.name],
            membership: {
              kind: 'share',
              share,
              // Nested segments take their parent's members (and so its leanings), not the group's.
              skews: [...(s.within ? [] : (group.skews ?? [])), ...(s.skews ?? [])],
              loadings: toLoadings(s.within ? undefined : group.factors, s.factors),
            },
            expired: false,
            deleted: false,
            demographic: g.vendor === 'demographix',
            ...(s.keywords ? { keywords: s.keywords } : {}),
          };
          out.push(def);
          if (s.within || s.outside) relations.push({ def, within: s.within, outside: s.outside });
        }
      }
    }
  };
  // One draw per segment whether or not its size is declared: the seed's later choices stay put.
  addGroups(GROUPS, (vendor) => {
    const [lo, hi] = SIZE_RANGE[vendor].map(Math.log);
    return Math.exp(lo + (hi - lo) * r());
  });
  const pool = out.filter((s) => s.vendor === 'interestgraph' || s.vendor === 'intentsignal');
  for (let i = 0; i < 6; i++) {
    const s = pool[Math.floor(r() * pool.length)];
    if (i < 3) s.expired = true;
    else if (!s.expired) s.deleted = true;
  }
  addGroups(ADDED_GROUPS, () => undefined);
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

let named: Map<string, string[]> | null = null;

/**
 * The short_id of a segment by its name, or by the end of its path and name
 * ('Brand Funnels > Fizz Cola > Aware of Fizz Cola'): identifiers do not depend on the seed, so
 * demo seeds name the segments they use instead of writing identifiers. Throws unless exactly
 * one segment answers.
 */
export function segmentId(path: string): string {
  if (!named) {
    named = new Map();
    for (const d of buildTaxonomy(1)) {
      const parts = [...displayPath(d), d.name];
      for (let i = 0; i < parts.length; i++) {
        const key = parts.slice(i).join(' > ');
        named.set(key, [...(named.get(key) ?? []), d.short_id]);
      }
    }
  }
  const ids = named.get(path) ?? [];
  if (ids.length !== 1) throw new Error(`segmentId: '${path}' names ${ids.length} segments`);
  return ids[0];
}
