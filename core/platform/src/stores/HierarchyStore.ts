import { coreEndpoints as E, fullSlugOf, type HierarchySelection } from '@discovery/plugin-api';
import { makeAutoObservable, reaction } from 'mobx';
import type { ApiClient } from '../ApiClient';
import { homePathFor, resolveNodes, type ClientDto, type ResolvedNodes } from '../hierarchy';
import { Resource } from '../Resource';

/** The user's client > region > brand > product tree and the context the URL selects. */
export class HierarchyStore {
  selection: HierarchySelection = {};
  private readonly treeResource = new Resource<ClientDto[]>([]);
  /** Accessible feature modules of the current context (SHELL-073); the latest context's answer wins. */
  private readonly moduleResource = new Resource<string[]>([]);

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<HierarchyStore, 'api' | 'treeResource' | 'moduleResource'>(this, { api: false, treeResource: false, moduleResource: false });
    // SHELL-073: re-evaluate the modules on every context change.
    reaction(
      () => this.fullSlug,
      (slug) => this.loadModules(slug),
    );
  }

  get tree(): ClientDto[] {
    return this.treeResource.data;
  }

  get loaded(): boolean {
    return this.treeResource.status === 'ready';
  }

  /** A failed modules call reads as none (the nav hides what needs one). */
  get modules(): string[] {
    return this.moduleResource.error ? [] : this.moduleResource.data;
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

  /** The user's tree; rejects when it could not be read (sign-in and the start-up probe decide). */
  async load(): Promise<void> {
    await this.treeResource.load(async (signal) => (await this.api.call(E.hierarchy, {}, { signal })).data);
    if (this.treeResource.error) throw this.treeResource.error;
  }

  clear(): void {
    this.treeResource.reset();
    this.moduleResource.reset();
    this.selection = {};
  }

  private loadModules(slug: string): void {
    if (!slug) {
      this.moduleResource.reset();
      return;
    }
    this.moduleResource.load(async (signal) => (await this.api.call(E.contextModules, { params: { slug } }, { silent: true, signal })).data);
  }
}
