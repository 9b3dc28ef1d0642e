import { createToken } from '@discovery/plugin-api';
import { Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable } from 'mobx';
import { mergeShared, sharingEndpoints as E, type SharedHierarchyDto, type SharedItemDto, type SharingClientDto } from '../../common';

export const SharingStoreToken = createToken<SharingStore>('audiences:SharingStore');

interface Sharing {
  clients: SharingClientDto[];
  hierarchy: SharedHierarchyDto[];
  /** EXP-052: shared audiences, motivations and lookalikes in one list, sorted by name, tagged by type. */
  items: SharedItemDto[];
  /** The spec's shared entities: always empty. */
  entities: never[];
}
const EMPTY: Sharing = { clients: [], hierarchy: [], items: [], entities: [] };

/**
 * What other clients shared with the context's client (002 §3; EXP-052/053, SRV-067): the
 * clients, their hierarchy and the shared items, loaded together. A context change reloads it
 * (another context's rows never show meanwhile); the latest context's answer wins.
 */
export class SharingStore {
  readonly sharing = new Resource<Sharing>(EMPTY);
  private context: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<SharingStore, 'api' | 'context'>(this, { api: false, sharing: false, context: false });
  }

  get items(): SharedItemDto[] {
    return this.sharing.data.items;
  }

  /** EXP-053: loads (or reloads) the sharing data of `context`. */
  load(context: string): Settled<unknown> {
    if (context !== this.context) this.sharing.reset();
    this.context = context;
    return this.sharing.load(async (signal) => {
      const o = { silent: true, signal };
      const [clients, hierarchy, audiences, motivations, lookalikes, entities] = await Promise.all([
        this.api.call(E.clients, {}, o),
        this.api.call(E.hierarchy, {}, o),
        this.api.call(E.audiences, {}, o),
        this.api.call(E.motivations, {}, o),
        this.api.call(E.lookalikes, {}, o),
        this.api.call(E.entities, {}, o),
      ]);
      return {
        clients: clients.data,
        hierarchy: hierarchy.data,
        items: mergeShared(audiences.data, motivations.data, lookalikes.data),
        entities: entities.data,
      };
    });
  }
}
