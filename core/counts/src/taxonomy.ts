import { rng } from './hash';

export interface Vendor {
  vendor_name: string;
  vendor_type: 'first_party' | 'third_party';
  display_name: string;
}

/** How membership is drawn: a share of the population, or one band of a partition. */
export type Membership =
  | { kind: 'share'; share: number; gate: string }
  | { kind: 'partition'; partition: string; band: number; weights: number[] };

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

const PARTITIONS: { vendor: string; path: string[]; bands: [string, number][] }[] = [
  { vendor: 'demographix', path: ['Demographics', 'Age'], bands: [['18-24', 12], ['25-34', 18], ['35-44', 17], ['45-54', 16], ['55-64', 16], ['65+', 21]] },
  { vendor: 'demographix', path: ['Demographics', 'Gender'], bands: [['Female', 51], ['Male', 48], ['Non-binary', 1]] },
  {
    vendor: 'demographix',
    path: ['Demographics', 'Household Income'],
    bands: [['Under $25k', 17], ['$25k-$50k', 20], ['$50k-$75k', 17], ['$75k-$100k', 13], ['$100k-$150k', 17], ['$150k+', 16]],
  },
  { vendor: 'demographix', path: ['Demographics', 'Education'], bands: [['High school', 38], ['Some college', 26], ["Bachelor's degree", 23], ['Graduate degree', 13]] },
  { vendor: 'first_party', path: ['Customer Value', 'Tier'], bands: [['Tier 1 (top 5%)', 5], ['Tier 2', 10], ['Tier 3', 20], ['Tier 4', 30], ['Tier 5', 35]] },
];

const GROUPS: { vendor: string; root: string; groups: [string, string[]][] }[] = [
  {
    vendor: 'demographix',
    root: 'Demographics',
    groups: [['Parents', ['Parents', 'Parents of young children', 'Parents of teens', 'Grandparents']]],
  },
  {
    vendor: 'interestgraph',
    root: 'Interests',
    groups: [
      ['Sports', ['Football', 'Basketball', 'Baseball', 'Soccer', 'Tennis', 'Golf', 'Running', 'Cycling']],
      ['Travel', ['Beach holidays', 'City breaks', 'Cruises', 'Adventure travel', 'Business travel', 'Family travel', 'Luxury travel', 'Road trips']],
      ['Food & Drink', ['Cooking', 'Baking', 'Coffee lovers', 'Tea lovers', 'Craft beer', 'Wine', 'Vegetarian', 'Fast food']],
      ['Fitness', ['Gym goers', 'Yoga', 'Pilates', 'Home workouts', 'Marathon runners', 'Weight loss', 'Nutrition', 'Outdoor fitness']],
      ['Entertainment', ['Movies', 'TV series', 'Live music', 'Concerts', 'Theatre', 'Comedy', 'Festivals', 'Anime']],
      ['Gaming', ['Console gamers', 'PC gamers', 'Mobile gamers', 'Esports fans', 'Casual gamers', 'Retro gaming', 'Board games', 'Puzzle games']],
      ['Technology', ['Early adopters', 'Smart home', 'Wearables', 'Photography', 'Gadgets', 'Software developers', 'AI enthusiasts', 'Audio enthusiasts']],
      ['Home & Garden', ['Gardening', 'DIY', 'Interior design', 'Home improvement', 'Houseplants', 'Cleaning', 'Organisation', 'Outdoor living']],
      ['Style', ['Fashion', 'Streetwear', 'Luxury fashion', 'Sustainable fashion', 'Beauty', 'Skincare', 'Fragrance', 'Jewellery']],
      ['Lifestyle', ['Pet owners', 'Dog owners', 'Cat owners', 'Books', 'Arts & crafts', 'Volunteering', 'Sustainability', 'Personal finance']],
      ['Automotive', ['Car enthusiasts', 'Electric vehicles', 'SUVs', 'Motorcycles', 'Classic cars', 'Car maintenance', 'Motorsport', 'Off-road']],
      ['Wellbeing', ['Mindfulness', 'Sleep', 'Mental health', 'Natural remedies', 'Healthy eating', 'Spa & wellness', 'Meditation', 'Self-improvement']],
      ['Outdoors', ['Hiking', 'Camping', 'Fishing', 'Climbing', 'Skiing', 'Surfing', 'Sailing', 'Birdwatching']],
      ['Family', ['New parents', 'Family days out', 'School run', 'Kids activities', 'Family cooking', 'Family games', 'Home schooling', 'Family finances']],
      ['Culture', ['Museums', 'History', 'Art galleries', 'Classical music', 'Opera', 'Architecture', 'Languages', 'Poetry']],
      ['Business', ['Entrepreneurs', 'Small business owners', 'Marketing professionals', 'Finance professionals', 'Remote workers', 'Job seekers', 'Students', 'Executives']],
      ['Hobbies', ['Photography hobbyists', 'Collectors', 'Model making', 'Knitting', 'Woodworking', 'Astronomy', 'Magic', 'Chess']],
    ],
  },
  {
    vendor: 'intentsignal',
    root: 'Purchase Intent',
    groups: [
      ['Beverages', ['Soft drinks', 'Sparkling water', 'Still water', 'Energy drinks', 'Cold coffee', 'Juice', 'Sports drinks', 'Diet drinks']],
      ['Autos', ['New car', 'Used car', 'Electric car', 'Leasing', 'Car insurance', 'Tyres', 'Car rental', 'Motorbike']],
      ['Electronics', ['Smartphones', 'Laptops', 'TVs', 'Headphones', 'Smart speakers', 'Cameras', 'Tablets', 'Game consoles']],
      ['Home', ['Furniture', 'Appliances', 'Mattresses', 'Home insurance', 'Mortgages', 'Moving house', 'Kitchen', 'Bathroom']],
      ['Apparel', ['Sportswear', 'Shoes', 'Outerwear', 'Kidswear', 'Accessories', 'Workwear', 'Swimwear', 'Lingerie']],
      ['Financial services', ['Credit cards', 'Savings accounts', 'Investments', 'Personal loans', 'Pensions', 'Life insurance', 'Banking apps', 'Crypto']],
      ['Grocery', ['Organic food', 'Snacks', 'Frozen food', 'Ready meals', 'Household goods', 'Baby products', 'Pet food', 'Online grocery']],
      ['Travel', ['Flights', 'Hotels', 'Package holidays', 'Travel insurance', 'Rail travel', 'Holiday rentals', 'Ski trips', 'Theme parks']],
      ['Telecom', ['Mobile plans', 'Broadband', 'SIM only', 'Phone upgrades', 'Family plans', 'Fibre', 'Roaming', 'Prepaid']],
      ['Insurance', ['Health insurance', 'Pet insurance', 'Travel cover', 'Gadget insurance', 'Income protection', 'Dental cover', 'Landlord insurance', 'Business insurance']],
      ['Beauty', ['Make-up', 'Hair care', 'Skincare products', 'Perfume', 'Nail care', 'Grooming', 'Sun care', 'Beauty devices']],
      ['Restaurants', ['Fine dining', 'Casual dining', 'Takeaway', 'Food delivery', 'Coffee shops', 'Brunch', 'Street food', 'Drive-thru']],
    ],
  },
  {
    vendor: 'mediapulse',
    root: 'Media Habits',
    groups: [
      ['Television', ['Heavy TV viewers', 'Light TV viewers', 'Live sports viewers', 'News viewers']],
      ['Streaming', ['Video streaming', 'Music streaming', 'Cord cutters', 'Binge watchers']],
      ['Audio', ['Podcast listeners', 'Radio listeners', 'Audiobook listeners', 'Smart speaker users']],
      ['Social', ['Heavy social media', 'Short video', 'Messaging apps', 'Forums']],
      ['Print & Web', ['Newspaper readers', 'Magazine readers', 'News sites', 'Ad blocker users']],
      ['Cinema', ['Frequent cinema goers', 'Blockbuster fans', 'Independent film', 'Family films']],
      ['Out of home', ['Commuters', 'Billboard exposure', 'Transit riders', 'Airport travellers']],
      ['Gaming media', ['Game streams', 'Gaming news', 'In-game ads reach', 'Esports viewers']],
    ],
  },
  {
    vendor: 'first_party',
    root: 'Site Visitation',
    groups: [
      ['Site visitors', ['Visited in 7 days', 'Visited in 30 days', 'Visited in 90 days', 'Product page viewers', 'Added to cart', 'Checkout starters', 'Store locator users', 'Newsletter subscribers']],
      ['Customers', ['Customers', 'Lapsed customers', 'Loyalty members', 'Repeat buyers', 'High spenders', 'Discount seekers', 'App users', 'Subscription customers']],
    ],
  },
];

const PREFIX: Record<string, string> = { demographix: 'dmx', interestgraph: 'ig', intentsignal: 'is', mediapulse: 'mp', first_party: 'fp' };

/**
 * The vendor taxonomy for a seed: vendors > categories > segments, with log-spread sizes from
 * 0.01% to 50%, partitions (age bands, gender, income, education, value tiers), a few expired
 * (zero-count) and a few deleted (no longer available) segments.
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
    const total = p.bands.reduce((s, [, w]) => s + w, 0);
    const weights = p.bands.map(([, w]) => w / total);
    p.bands.forEach(([name], band) => {
      out.push({
        short_id: nextId(p.vendor),
        name,
        vendor: p.vendor,
        path: p.path,
        membership: { kind: 'partition', partition: p.path.join('/'), band, weights },
        expired: false,
        deleted: false,
        demographic: p.vendor === 'demographix',
      });
    });
  }
  const lo = Math.log(0.0001);
  const hi = Math.log(0.5);
  for (const g of GROUPS) {
    for (const [group, names] of g.groups) {
      for (const name of names) {
        out.push({
          short_id: nextId(g.vendor),
          name,
          vendor: g.vendor,
          path: [g.root, group],
          membership: { kind: 'share', share: Math.exp(lo + (hi - lo) * r()), gate: `${g.root}/${group}` },
          expired: false,
          deleted: false,
          demographic: g.vendor === 'demographix',
        });
      }
    }
  }
  // A few expired and a few deleted segments, chosen by the seed among the interest segments.
  const pool = out.filter((s) => s.vendor === 'interestgraph' || s.vendor === 'intentsignal');
  for (let i = 0; i < 6; i++) {
    const s = pool[Math.floor(r() * pool.length)];
    if (i < 3) s.expired = true;
    else if (!s.expired) s.deleted = true;
  }
  return out;
}

/** The segment's path as the spec shows it: vendor display name, then the category names. */
export function displayPath(def: SegmentDef): string[] {
  const v = VENDORS.find((x) => x.vendor_name === def.vendor);
  return [v?.display_name ?? def.vendor, ...def.path];
}
