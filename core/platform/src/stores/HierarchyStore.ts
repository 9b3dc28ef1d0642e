import { coreEndpoints as E, fullSlugOf, type HierarchySelection } from '@discovery/plugin-api';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { ApiClient } from '../ApiClient';
import { homePathFor, resolveNodes, type ClientDto, type ResolvedNodes } from '../hierarchy';

/** The user's client > region > brand > product tree and the context the URL selects. */
export class HierarchyStore {
  tree: ClientDto[] = [];
  loaded = false;
  selection: HierarchySelection = {};
  /** Accessible feature modules of the current context (SHELL-073). */
  modules: string[] = [];

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<HierarchyStore, 'api'>(this, { api: false });
    // SHELL-073: re-evaluate the modules on every context change.
    reaction(
      () => this.fullSlug,
      (slug) => void this.loadModules(slug),
    );
  }

  get nodes(): ResolvedNodes {
    return resolveNodes(this.tree, this.selection);
  }

  /** The selection down to the deepest level that names a node of the tree (a URL may name more). */
  get resolvedSelection(): HierarchySelection {
    const n = this.nodes;
    return { client: n.client?.slug, region: n.region?.slug, brand: n.brand?.slug, product: n.product?.slug };
  }

  /** SHELL-055: X-Context = the fullSlug of the selected node (only the levels that resolve). */
  get fullSlug(): string {
    return fullSlugOf(this.resolvedSelection);
  }

  get featureFlags(): Record<string, boolean> {
    return this.nodes.client?.feature_flags ?? {};
  }

  /** SHELL-027: /home resolves to the first client, default region, first brand and product. */
  get defaultHomePath(): string | null {
    return homePathFor(this.tree);
  }

  select(sel: HierarchySelection): void {
    if (
      sel.client !== this.selection.client ||
      sel.region !== this.selection.region ||
      sel.brand !== this.selection.brand ||
      sel.product !== this.selection.product
    ) {
      this.selection = { ...sel };
    }
  }

  async load(): Promise<void> {
    const res = await this.api.call(E.hierarchy);
    runInAction(() => {
      this.tree = res.data;
      this.loaded = true;
    });
  }

  clear(): void {
    this.tree = [];
    this.loaded = false;
    this.selection = {};
    this.modules = [];
  }

  private async loadModules(slug: string): Promise<void> {
    if (!slug) {
      runInAction(() => (this.modules = []));
      return;
    }
    try {
      const res = await this.api.call(E.contextModules, { params: { slug } }, { silent: true });
      runInAction(() => {
        if (this.fullSlug === slug) this.modules = res.data;
      });
    } catch {
      runInAction(() => (this.modules = []));
    }
  }
}
