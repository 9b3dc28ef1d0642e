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
   * reuses that answer (the one on its way, when both). A failed first fetch rejects (the guard
   * says home) and leaves no units (the nav shows none); the next call fetches again.
   */
  ensure(client: string): Promise<ToolboxUnitDto[]> {
    // A fetch on its way (after a change on the management screen) answers for the units as they are now.
    const inFlight = this.pending.get(client);
    if (inFlight) return inFlight;
    const { data } = this.resourceOf(client);
    return data ? Promise.resolve(data) : this.fetch(client);
  }

  /**
   * Fetches a client's units, in place of any fetch on its way; the units loaded before stay until
   * the answer replaces them, and stay if it fails.
   */
  private fetch(client: string): Promise<ToolboxUnitDto[]> {
    const resource = this.resourceOf(client);
    const promise = resource
      .load(async (signal) => (await this.api.call(E.units, { params: { type: 'nav', clientSlug: client } }, { silent: true, signal })).data)
      .then((units) => {
        if (this.pending.get(client) === promise) this.pending.delete(client);
        if (units) return units;
        // Failed, or a newer fetch took its place.
        return this.pending.get(client) ?? resource.data ?? Promise.reject(resource.error ?? new Error(`toolbox units of '${client}' were not loaded`));
      });
    this.pending.set(client, promise);
    return promise;
  }

  /**
   * After the management screen changed units: the current client's are fetched again (the nav
   * keeps showing the ones it has until the answer comes, so it does not empty and refill), and
   * the other clients' are forgotten.
   */
  invalidate(): void {
    const client = this.hierarchy.selection.client;
    for (const [c, r] of this.byClient) {
      if (c === client) continue;
      r.reset();
      this.pending.delete(c);
    }
    if (client) this.fetch(client).catch(() => undefined);
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
