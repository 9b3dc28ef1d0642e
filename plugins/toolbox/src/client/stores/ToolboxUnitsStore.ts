import { createToken, type SessionSnapshot } from '@discovery/plugin-api';
import type { ApiClient, DynamicNavItem, HierarchyStore, NavContribution } from '@discovery/platform';
import { makeAutoObservable, observable, reaction, runInAction } from 'mobx';
import { APPLICATIONS_FLAG, navUnitGroups, toolboxAppRoutes, toolboxEndpoints as E, type NavContext, type ToolboxUnitDto } from '../../common';

export const ToolboxUnitsStoreToken = createToken<ToolboxUnitsStore>('toolbox:ToolboxUnitsStore');

/** The nav icon of a unit: an embedded application or an outside link. */
const ICON = { iframed: 'application', external: 'share' } as const;

/**
 * The current client's navigation units (TBX-006 'nav'), loaded when the client changes, and the
 * navigation entries they make (TBX-001, TBX-003, TBX-004). The iframe-unit guard reads the same
 * cache (TBX-016).
 */
export class ToolboxUnitsStore implements NavContribution {
  /** Loaded units by client slug (a quick client switch cannot mix two clients' answers). */
  private readonly loaded = observable.map<string, ToolboxUnitDto[]>();
  private readonly pending = new Map<string, Promise<ToolboxUnitDto[]>>();

  constructor(
    private readonly api: ApiClient,
    private readonly hierarchy: HierarchyStore,
  ) {
    makeAutoObservable<ToolboxUnitsStore, 'api' | 'hierarchy' | 'pending' | 'loaded' | 'generation'>(this, {
      api: false,
      hierarchy: false,
      pending: false,
      loaded: false,
      generation: false,
    });
    reaction(
      () => this.hierarchy.selection.client ?? null,
      (client) => {
        if (client) void this.ensure(client).catch(() => undefined);
      },
      { fireImmediately: true },
    );
  }

  /** The loaded units of a client, undefined until they arrive. */
  unitsOf(client: string | undefined | null): ToolboxUnitDto[] | undefined {
    return client ? this.loaded.get(client) : undefined;
  }

  /**
   * TBX-016: the client's units, fetched once; a call for a client already loaded (or loading)
   * reuses that answer. A failed fetch leaves no units (the nav shows none, the guard says home).
   */
  ensure(client: string): Promise<ToolboxUnitDto[]> {
    const have = this.loaded.get(client);
    if (have) return Promise.resolve(have);
    const inFlight = this.pending.get(client);
    if (inFlight) return inFlight;
    // A fetch started before an invalidate() must neither overwrite newer units nor drop the newer fetch.
    const generation = this.generation;
    const promise: Promise<ToolboxUnitDto[]> = this.api
      .call(E.units, { params: { type: 'nav', clientSlug: client } }, { silent: true })
      .then((res) => {
        if (generation === this.generation) runInAction(() => this.loaded.set(client, res.data));
        return res.data;
      })
      .finally(() => {
        if (this.pending.get(client) === promise) this.pending.delete(client);
      });
    this.pending.set(client, promise);
    return promise;
  }

  private generation = 0;

  /** Forget the cache (after the management screen changed units) and reload the current client. */
  invalidate(): void {
    this.generation++;
    this.loaded.clear();
    this.pending.clear();
    const client = this.hierarchy.selection.client;
    if (client) void this.ensure(client).catch(() => undefined);
  }

  /** What the nav rule needs from the current context. */
  get navContext(): NavContext {
    const nodes = this.hierarchy.nodes;
    return {
      regionId: nodes.region?.id ?? null,
      productSelected: Boolean(nodes.product),
      applicationsEnabled: this.hierarchy.featureFlags[APPLICATIONS_FLAG] === true,
    };
  }

  /** NavContribution: the visible units of the current client (TBX-001/003/004). */
  items(_session: SessionSnapshot): DynamicNavItem[] {
    const units = this.unitsOf(this.hierarchy.selection.client);
    if (!units) return [];
    const sel = this.hierarchy.selection;
    const atProduct = Boolean(this.hierarchy.nodes.product);
    const out: DynamicNavItem[] = [];
    for (const group of navUnitGroups(units, this.navContext)) {
      for (const [i, u] of group.units.entries()) {
        // TBX-003: iframed = the in-app route at the current hierarchy; else the unit's url.
        const href = u.iframed ? (atProduct ? toolboxAppRoutes.product : toolboxAppRoutes.region).link(sel, { unitName: u.name }) : u.url;
        out.push({
          key: `toolbox-unit-${u.id}`,
          category: group.category,
          label: u.name,
          icon: u.iframed ? ICON.iframed : ICON.external,
          href,
          external: !u.iframed,
          order: 1000 + i,
        });
      }
    }
    return out;
  }
}
