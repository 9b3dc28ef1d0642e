import type { Vendor } from './taxonomy';

export interface SegmentEntry {
  short_id: string;
  name: string;
  vendor: string;
  /** Vendor display name, then category names. */
  path: string[];
  expired: boolean;
  deleted: boolean;
  demographic: boolean;
  /** Other words the segment search finds it by ('soda' for soft drinks). */
  keywords?: string[];
  /** Global member counts, written by the generator. */
  matched: number;
  modeled: number;
}

export interface RegionSlice {
  /** 'client/region' fullSlug of a hierarchy region. */
  key: string;
  /** Person ids [start, end). */
  start: number;
  end: number;
}

/**
 * The synthetic generator's version, written into every manifest it makes. 2: demo data that
 * adds up (declared sizes, nesting, correlations). 3: demo data that tells a story (latent
 * traits per person, brand and category segments, brand funnels; issue 27). A demo population made by an older generator is
 * made again at start (Population), so an existing ./var/population does not keep contradicting data.
 */
export const GENERATOR_VERSION = 3;

export interface Manifest {
  version: 1;
  /** The synthetic generator that made it (absent: version 1 or not synthetic). */
  generator?: number;
  seed: number;
  people: number;
  shardBits: number;
  shards: number;
  generatedAt: string;
  vendors: Vendor[];
  segments: SegmentEntry[];
  regions: RegionSlice[];
}

export const MANIFEST_FILE = 'manifest.json';
