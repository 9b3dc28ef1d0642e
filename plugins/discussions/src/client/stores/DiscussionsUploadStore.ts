import { createToken } from '@discovery/plugin-api';
import { ApiError, type ApiClient } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import { DISCUSSION_MESSAGES as M, DiscussionClusterNodeInput, discussionNodeEndpoints as E, NOTICE_MS, type DiscussionClusterNodeDto } from '../../common';

export const DiscussionsUploadStoreToken = createToken<DiscussionsUploadStore>('discussions:DiscussionsUploadStore');

export interface DiscussionsUploadServices {
  api: ApiClient;
  toast: { show(intent: 'success' | 'error', message: string, opts?: { timeout?: number }): unknown };
}

/** The drawer's form: a new node (id null) or an existing one. */
export interface DiscussionDraft {
  id: number | null;
  name: string;
  description: string;
  /** The name was edited or a save was tried: its rule's message shows. */
  touched: boolean;
  /** A message the server gave for the name (422), until the name changes. */
  serverError: string | null;
}

/**
 * The Discussions Upload screen (002 §2.5): the client's nodes, the drawer's draft, the rules
 * card, save and delete with their notices (UPL-020..030). The name rule is the shared schema's.
 */
export class DiscussionsUploadStore {
  nodes: DiscussionClusterNodeDto[] = [];
  loaded = false;
  loadFailed = false;
  draft: DiscussionDraft | null = null;
  showRules = false;
  busy = false;
  private loadedFor: string | null = null;

  constructor(private readonly s: DiscussionsUploadServices) {
    makeAutoObservable<DiscussionsUploadStore, 's' | 'loadedFor'>(this, { s: false, loadedFor: false });
  }

  /** The library for the client in X-Context (loaded again when the client changes). */
  async load(client: string, force = false): Promise<void> {
    if (!force && this.loadedFor === client && this.loaded) return;
    this.loadedFor = client;
    try {
      const res = await this.s.api.call(E.list, undefined, { silent: true });
      runInAction(() => {
        this.nodes = res.data;
        this.loaded = true;
        this.loadFailed = false;
      });
    } catch {
      runInAction(() => {
        this.loaded = true;
        this.loadFailed = true;
      });
    }
  }

  /** UPL-021: 'New Discussion' opens an empty drawer; a library item opens it on that node. */
  open(node?: DiscussionClusterNodeDto): void {
    this.draft = { id: node?.id ?? null, name: node?.name ?? '', description: node?.description ?? '', touched: false, serverError: null };
    this.showRules = false;
  }

  close(): void {
    this.draft = null;
    this.showRules = false;
  }

  setName(name: string): void {
    if (!this.draft) return;
    this.draft.name = name;
    this.draft.touched = true;
    this.draft.serverError = null;
  }

  setDescription(description: string): void {
    if (this.draft) this.draft.description = description;
  }

  toggleRules(): void {
    this.showRules = !this.showRules;
  }

  get editing(): DiscussionClusterNodeDto | null {
    const id = this.draft?.id;
    return id ? (this.nodes.find((n) => n.id === id) ?? null) : null;
  }

  /** SRV-092 / UPL-023: the shared rule's message, or null. */
  get nameError(): string | null {
    if (!this.draft) return null;
    if (this.draft.serverError) return this.draft.serverError;
    const r = DiscussionClusterNodeInput.safeParse({ name: this.draft.name, description: this.draft.description });
    return r.success ? null : (r.error.issues[0]?.message ?? null);
  }

  /** UPL-023: Save is disabled without a name (and while a call is out). */
  get canSave(): boolean {
    return !!this.draft && !this.busy && this.nameError === null;
  }

  /** UPL-027: a node audiences or journeys use cannot be deleted. */
  get deleteBlocked(): boolean {
    return !!this.editing?.in_use;
  }

  /** UPL-028 / UPL-029 / UPL-030: POST or PUT; success closes the drawer with 'Save Complete'. */
  async save(): Promise<boolean> {
    const d = this.draft;
    if (!d) return false;
    if (!this.canSave) {
      d.touched = true;
      return false;
    }
    this.busy = true;
    const body = { discussion_cluster_node: { name: d.name, description: d.description } };
    try {
      const res =
        d.id === null
          ? await this.s.api.call(E.create, { body }, { silent: true })
          : await this.s.api.call(E.update, { params: { id: d.id }, body }, { silent: true });
      runInAction(() => {
        this.nodes = [...this.nodes.filter((n) => n.id !== res.data.id), res.data].sort((a, b) =>
          a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
        );
        this.close();
      });
      this.s.toast.show('success', M.saveComplete, { timeout: NOTICE_MS.success });
      return true;
    } catch (e) {
      runInAction(() => {
        // The name the server refused (taken in this client) shows at the field as well.
        if (e instanceof ApiError && e.status === 422 && this.draft) {
          this.draft.serverError = e.fields?.['discussion_cluster_node.name'] ?? null;
          this.draft.touched = true;
        }
      });
      this.s.toast.show('error', M.saveFailed, { timeout: NOTICE_MS.failure });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** UPL-026 / UPL-030 / SRV-091: delete an unused node; a refusal shows the failure notice. */
  async remove(): Promise<boolean> {
    const node = this.editing;
    if (!node || this.deleteBlocked) return false;
    this.busy = true;
    try {
      const res = await this.s.api.call(E.remove, { params: { id: node.id } }, { silent: true });
      runInAction(() => {
        this.nodes = this.nodes.filter((n) => n.id !== node.id);
        this.close();
      });
      this.s.toast.show('success', res.data.message, { timeout: NOTICE_MS.success });
      return true;
    } catch {
      this.s.toast.show('error', M.saveFailed, { timeout: NOTICE_MS.failure });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
