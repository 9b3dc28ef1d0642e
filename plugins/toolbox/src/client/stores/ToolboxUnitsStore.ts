import { createToken, type SessionSnapshot } from '@discovery/plugin-api';
import type { ApiClient, DynamicNavItem, HierarchyStore, NavContribution } from '@discovery/platform';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { APPLICATIONS_FLAG, navUnitGroups, toolboxAppRoutes, type NavContext, type ToolboxUnitDto } from '../../common';

export const ToolboxUnitsStoreToken = createToken<ToolboxUnitsStore>('toolbox:ToolboxUnitsStore');

/** The nav icon of a unit: an embedded application or an outside link. */
const ICON = { iframed: 'application', external: 'share' } as const;

/**
 * The current client's navigation units (TBX-006 'nav'), loaded when the client changes, and the
 * navigation entries they make (TBX-001, TBX-003, TBX-004). The iframe-unit guard reads the same
 * cache (TBX-016).
 */
export class ToolboxUnitsStore implements NavContribution {
  /** Units of `clientSlug`, null until loaded. */
  units: ToolboxUnitDto[] | null = null;
  clientSlug: string | null = null;
  private pending: { client: string; promise: Promise<ToolboxUnitDto[]> } | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly hierarchy: HierarchyStore,
  ) {
    makeAutoObservable<ToolboxUnitsStore, 'api' | 'hierarchy' | 'pending'>(this, { api: false, hierarchy: false, pending: false });
    reaction(
      () => this.hierarchy.selection.client ?? null,
      (client) => {
        if (client) void this.ensure(client).catch(() => undefined);
      },
      { fireImmediately: true },
    );
  }

  /**
   * TBX-016: the client's units, fetched once; a call for the client already loaded (or loading)
   * reuses that answer. A failed fetch leaves no units (the nav shows none, the guard says home).
   */
  ensure(client: string): Promise<ToolboxUnitDto[]> {
    if (this.clientSlug === client && this.units) return Promise.resolve(this.units);
    if (this.pending?.client === client) return this.pending.promise;
    const promise = this.api
      .get<{ data: ToolboxUnitDto[] }>(`/api/v1/toolbox/units/type/nav/client/${encodeURIComponent(client)}`, { silent: true })
      .then((res) => {
        runInAction(() => {
          if (this.pending?.client === client) this.pending = null;
          this.units = res.data;
          this.clientSlug = client;
        });
        return res.data;
      })
      .catch((e: unknown) => {
        runInAction(() => {
          if (this.pending?.client === client) this.pending = null;
        });
        throw e;
      });
    this.pending = { client, promise };
    return promise;
  }

  /** Forget the cache (after the admin screen changed units). */
  invalidate(): void {
    this.units = null;
    this.clientSlug = null;
    this.pending = null;
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
    const client = this.hierarchy.selection.client;
    if (!this.units || !client || this.clientSlug !== client) return [];
    const sel = this.hierarchy.selection;
    const atProduct = Boolean(this.hierarchy.nodes.product);
    const out: DynamicNavItem[] = [];
    for (const group of navUnitGroups(this.units, this.navContext)) {
      for (const [i, u] of group.units.entries()) {
        // TBX-003: iframed = the in-app route at the current hierarchy; else the unit's url.
        const href = u.iframed
          ? (atProduct ? toolboxAppRoutes.product : toolboxAppRoutes.region).link(sel, { unitName: u.name })
          : u.url;
        out.push({ key: `toolbox-unit-${u.id}`, category: group.category, label: u.name, icon: u.iframed ? ICON.iframed : ICON.external, href, external: !u.iframed, order: 1000 + i });
      }
    }
    return out;
  }
}
