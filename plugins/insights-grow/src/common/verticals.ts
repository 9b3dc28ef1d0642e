import type { SubMarketTag } from './schema';

/** One audience of a pre-populated chart: its segments come from the demo taxonomy (core/counts). */
export interface VerticalAudience {
  name: string;
  tag: SubMarketTag;
  matched: string;
  modeled?: string;
  population?: number;
}
export interface VerticalMarket {
  name: string;
  sub_markets: VerticalAudience[];
}
export interface Vertical {
  vertical_type: string;
  display_name: string;
  markets: VerticalMarket[];
}

const a = (name: string, tag: SubMarketTag, id: string, population = 0): VerticalAudience => ({ name, tag, matched: id, modeled: id, population });

/**
 * SRV-060 / GROW-041: industry verticals for pre-populated charts. The spec gives no list; these
 * are ours, built on segments of the demo taxonomy that are never expired or deleted (the
 * beverage buyers are ShopperLens purchase segments, issue 27). Picking one
 * names the chart after its display name and seeds its markets and audiences (SRV-070 DESIGN).
 */
export const VERTICALS: readonly Vertical[] = [
  {
    vertical_type: 'beverages',
    display_name: 'Beverages',
    markets: [
      {
        name: 'Soft Drinks',
        sub_markets: [
          a('Soft drinks buyers', 'owned', 'sl-0001'),
          a('Diet drinks buyers', 'opportunity', 'sl-0005'),
          a('Energy drinks buyers', 'none', 'sl-0006'),
        ],
      },
      {
        name: 'Water',
        sub_markets: [a('Sparkling water buyers', 'owned', 'sl-0009'), a('Still water buyers', 'opportunity', 'sl-0010')],
      },
      {
        name: 'Coffee & Juice',
        sub_markets: [a('Cold coffee buyers', 'opportunity', 'sl-0012'), a('Juice buyers', 'none', 'sl-0013'), a('Coffee lovers', 'owned', 'ig-0019')],
      },
    ],
  },
  {
    vertical_type: 'home_retail',
    display_name: 'Home Retail',
    markets: [
      {
        name: 'Furnishing',
        sub_markets: [
          a('Furniture intenders', 'owned', 'is-0025'),
          a('Interior design fans', 'opportunity', 'ig-0059'),
          a('Mattress intenders', 'none', 'is-0027'),
        ],
      },
      {
        name: 'Home Improvement',
        sub_markets: [a('DIY enthusiasts', 'owned', 'ig-0058'), a('Kitchen intenders', 'opportunity', 'is-0031'), a('Bathroom intenders', 'none', 'is-0032')],
      },
      {
        name: 'Moving',
        sub_markets: [a('Moving house', 'opportunity', 'is-0030'), a('Mortgage seekers', 'none', 'is-0029')],
      },
    ],
  },
];

export function verticalOf(type: string | null | undefined): Vertical | undefined {
  return VERTICALS.find((v) => v.vertical_type === type);
}
