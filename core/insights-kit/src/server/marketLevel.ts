import type { Queryable, ServerCore } from '@discovery/server';
import type { InsightsOwnerKind } from '../common';
import type { OwnerRef } from './owners';

type Db = Pick<Queryable, 'query'>;

/** One Market Level answer (a survey value): a percent or a value, never both (UPL-018, UPL-037). */
export interface MarketAttribute {
  name: string;
  value: number | null;
  percent: number | null;
}

/** A Market Level widget in a tab, with its attributes in order. */
export interface MarketWidget {
  tab: string;
  name: string;
  category: string;
  attributes: MarketAttribute[];
}

/** Whose Market Level: an owner (a chart, journey, persona) in its product and a region, or the region's survey. */
export type MarketScope = { owner: OwnerRef; regionId: number } | { owner: 'region'; regionId: number };

/**
 * The Insights panel's Market Level as uploads write it. The insights plugin, which owns the tables,
 * provides it; an upload asks through the registry, so neither names the other's tables.
 */
export interface MarketLevelStore {
  /** The scope's Market Level widgets (tabs in order, widgets by position). */
  read(db: Db, scope: MarketScope): Promise<MarketWidget[]>;
  /**
   * In the caller's transaction. 'replace': the scope's Market Level becomes exactly these widgets
   * (the region survey: anything omitted is deleted, UPL-017). 'merge': each widget replaces the
   * one of the same tab and name, or is added; the others stay.
   */
  write(tx: Queryable, scope: MarketScope, widgets: MarketWidget[], mode: 'replace' | 'merge'): Promise<void>;
}

/** A chart or journey as its upload matches rows to it: its name and its (group, item) pairs (a market's audiences, a brand's stages). */
export interface OwnerOutline {
  id: number;
  name: string;
  /** Grow: market and audience; Journeys: brand and stage. */
  parts: { group: string; item: string }[];
}

export interface UploadRegistry {
  provideMarketLevel(store: MarketLevelStore): void;
  /** Null in a build without the insights plugin. */
  marketLevel(): MarketLevelStore | null;
  /** The owner kind's plugin lists a product's owners with their parts (one plugin per kind). */
  registerOutline(kind: InsightsOwnerKind, outline: (db: Db, productId: number) => Promise<OwnerOutline[]>): void;
  /** Null for a kind no plugin of the build keeps. */
  outlines(kind: InsightsOwnerKind, db: Db, productId: number): Promise<OwnerOutline[] | null>;
}

export function createUploadRegistry(): UploadRegistry {
  let store: MarketLevelStore | null = null;
  const outlines = new Map<InsightsOwnerKind, (db: Db, productId: number) => Promise<OwnerOutline[]>>();
  return {
    provideMarketLevel(s) {
      if (store) throw new Error('the Market Level store is provided twice');
      store = s;
    },
    marketLevel: () => store,
    registerOutline(kind, fn) {
      if (outlines.has(kind)) throw new Error(`owner kind '${kind}' has two outlines`);
      outlines.set(kind, fn);
    },
    outlines: async (kind, db, productId) => (await outlines.get(kind)?.(db, productId)) ?? null,
  };
}

/** The server's one registry for uploads into the insight domain (core.shared keeps one per server). */
export function insightUploads(core: Pick<ServerCore, 'shared'>): UploadRegistry {
  return core.shared('insights-kit:uploads', createUploadRegistry);
}
