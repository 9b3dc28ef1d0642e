import { createToken, type SessionSnapshot } from '@discovery/plugin-api';
import { Resource, type ApiClient, type DynamicNavItem, type HierarchyStore, type NavContribution } from '@discovery/platform';
import { makeAutoObservable, observable, reaction, runInAction } from 'mobx';
import { APPLICATIONS_FLAG, navUnitGroups, toolboxAppRoutes, toolboxEndpoints as E, type NavContext, type ToolboxUnitDto } from '../../common';

export const ToolboxUnitsStoreToken = createToken<ToolboxUnitsStore>('toolbox:ToolboxUnitsStore');

/** The nav icon of a unit: an embedded application or an outside link. */
const ICON = { iframed: 'application', external: 'share' } as const;

/**
 * The current client's navigation units (TBX-006 'nav'), loaded when the client changes, and the
 * navigation entries they make (TBX-001, TBX-003, TBX-004). The iframe-unit guard reads the same
 * cache (TBX-016). One Resource per client: a quick client switch cannot mix two clients' answers,
 * and a failed fetch is that client's error (the page shows it, a retry fetches again).
 */
export class ToolboxUnitsStore implements NavContribution {
  private readonly byClient = observable.map<string, Resource<ToolboxUnitDto[] | null>>({}, { deep: false });
  private readonly pending = new Map<string, Promise<ToolboxUnitDto[]>>();

  constructor(
    private readonly api: ApiClient,
    private readonly hierarchy: HierarchyStore,
  ) {
    makeAutoObservable<ToolboxUnitsStore, 'api' | 'hierarchy' | 'pending' | 'byClient'>(this, {
      api: false,
      hierarchy: false,
      pending: false,
      byClient: false,
    });
    reaction(
      () => this.hierarchy.selection.client ?? null,
      (client) => {
        if (client) this.ensure(client).catch(() => undefined);
      },
      { fireImmediately: true },
    );
  }

  /** The loaded units of a client, undefined until they arrive. */
  unitsOf(client: string | undefined | null): ToolboxUnitDto[] | undefined {
    return (client ? this.byClient.get(client)?.data : null) ?? undefined;
  }

  /** Why a client's units could not be loaded, or null. */
  errorOf(client: string | undefined | null): Error | null {
    return (client ? this.byClient.get(client)?.error : null) ?? null;
  }

  private resourceOf(client: string): Resource<ToolboxUnitDto[] | null> {
    let r = this.byClient.get(client);
    if (!r) {
      r = new Resource<ToolboxUnitDto[] | null>(null);
      runInAction(() => this.byClient.set(client, r!));
    }
    return r;
  }

  /**
   * TBX-016: the client's units, fetched once; a call for a client already loaded (or loading)
   * reuses that answer. A failed fetch rejects (the guard says home) and leaves no units (the nav
   * shows none); the next call fetches again.
   */
  ensure(client: string): Promise<ToolboxUnitDto[]> {
    const resource = this.resourceOf(client);
    if (resource.data) return Promise.resolve(resource.data);
    const inFlight = this.pending.get(client);
    if (inFlight) return inFlight;
    const promise = resource
      .load(async (signal) => (await this.api.call(E.units, { params: { type: 'nav', clientSlug: client } }, { silent: true, signal })).data)
      .then((units) => {
        if (this.pending.get(client) === promise) this.pending.delete(client);
        if (units) return units;
        // Failed, or an invalidate() aborted it: a newer fetch may be on its way.
        return this.pending.get(client) ?? Promise.reject(resource.error ?? new Error(`toolbox units of '${client}' were not loaded`));
      });
    this.pending.set(client, promise);
    return promise;
  }

  /** Forget the cache (after the management screen changed units) and reload the current client. */
  invalidate(): void {
    for (const r of this.byClient.values()) r.reset();
    this.pending.clear();
    const client = this.hierarchy.selection.client;
    if (client) this.ensure(client).catch(() => undefined);
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
