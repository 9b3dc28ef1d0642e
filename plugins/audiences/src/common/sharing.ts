import { defineEndpoint, definePermission, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';

/**
 * Inter-client sharing (002 §3, §7; EXP-052/053, SRV-067; DESIGN base {segments}/api/v1/sharing,
 * here the audiences plugin's prefix). Another client shares an audience, a motivation or a
 * lookalike with a client; everyone granted that client sees it in that client's context, and
 * nothing else of the other client. Entities are always empty (the spec's).
 */
export const SHARED_TYPES = ['audience', 'motivation', 'lookalike'] as const;
export type SharedType = (typeof SHARED_TYPES)[number];

/** A client that shared something with the context's client. */
export interface SharingClientDto {
  id: number;
  name: string;
  slug: string;
}

/** Where a shared item was made: names only, no ids of another client's hierarchy to walk. */
export interface SharedSourceDto {
  client: string;
  client_id: number;
  region: string;
  brand: string;
  product: string;
}

/** One shared audience, motivation or lookalike as the receiving client sees it. */
export interface SharedItemDto {
  share_id: number;
  type: SharedType;
  id: number;
  name: string;
  people: number | null;
  source: SharedSourceDto;
  shared_at: string;
}

/** SRV-067 context/{clientId}: what a client shares with the context's client. */
export interface SharingContextDto {
  client: SharingClientDto;
  counts: Record<SharedType, number>;
}

/** SRV-067 hierarchy: the other clients' client > region > brand > product paths that hold shared items. */
export interface SharedHierarchyDto {
  client: string;
  client_id: number;
  regions: { name: string; brands: { name: string; products: string[] }[] }[];
}

const BASE = '/api/v1/audiences/sharing';
const read = definePermission('audiences', 'read');
const access = { permission: read, scope: 'client' } as const;

export const sharingEndpoints = {
  clients: defineEndpoint({ method: 'GET', path: `${BASE}/clients`, access, response: typed<{ data: SharingClientDto[] }>() }),
  context: defineEndpoint({ method: 'GET', path: `${BASE}/context/:id`, access, params: IdParams, response: typed<{ data: SharingContextDto }>() }),
  hierarchy: defineEndpoint({ method: 'GET', path: `${BASE}/hierarchy`, access, response: typed<{ data: SharedHierarchyDto[] }>() }),
  audiences: defineEndpoint({ method: 'GET', path: `${BASE}/audiences`, access, response: typed<{ data: SharedItemDto[] }>() }),
  motivations: defineEndpoint({ method: 'GET', path: `${BASE}/motivations`, access, response: typed<{ data: SharedItemDto[] }>() }),
  lookalikes: defineEndpoint({ method: 'GET', path: `${BASE}/lookalikes`, access, response: typed<{ data: SharedItemDto[] }>() }),
  entities: defineEndpoint({ method: 'GET', path: `${BASE}/entities`, access, response: typed<{ data: never[] }>() }),
};

/** EXP-052: the shared audiences, motivations and lookalikes as one list, sorted by name (then type), each row tagged with its type. */
export function mergeShared(...lists: readonly (readonly SharedItemDto[])[]): SharedItemDto[] {
  return lists
    .flat()
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.type.localeCompare(b.type) || a.share_id - b.share_id);
}

/**
 * The server-side registry by which a plugin that keeps a shareable kind (the explore plugin's
 * motivations) tells the sharing routes how to read the shared rows, so the audiences plugin never
 * reads another plugin's tables. Key for ServerCore.shared.
 */
export const SHARED_KIND_READERS = 'audiences:sharedKindReaders';
export interface SharedRow {
  id: number;
  name: string;
  people: number | null;
  product_id: number;
  region_id: number | null;
}
/** Reads the rows of `ids` of one kind (missing ids are left out: the item was deleted). */
export type SharedKindReader = (ids: number[]) => Promise<SharedRow[]>;
export type SharedKindReaders = Map<SharedType, SharedKindReader>;
