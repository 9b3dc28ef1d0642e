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

export interface Manifest {
  version: 1;
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
