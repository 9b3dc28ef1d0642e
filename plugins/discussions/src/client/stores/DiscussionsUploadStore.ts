import { chosenFileError, createToken, endpointUrl } from '@discovery/plugin-api';
import { ApiError, Resource, saveBlob, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  DISCUSSION_MESSAGES as M,
  DiscussionClusterNodeInput,
  discussionNodeEndpoints as E,
  NOTICE_MS,
  TEMPLATE_FILE,
  uploadFailedNotice,
  type DiscussionClusterNodeDto,
  type UploadErrorDto,
} from '../../common';

const sorted = (nodes: DiscussionClusterNodeDto[]) => [...nodes].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));

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
  /** UPL-024: the edited template to upload with Save. */
  file: File | null;
  /** UPL-003: 'Please select an .xls file.' */
  fileError: string | null;
  /** UPL-031: the rows the last upload left out, by row and column. */
  uploadErrors: UploadErrorDto[];
}

/**
 * The Discussions Upload screen (002 §2.5): the client's nodes, the drawer's draft, the rules
 * card, save and delete with their notices (UPL-020..030). The name rule is the shared schema's.
 */
export class DiscussionsUploadStore {
  /** The client's library; another client's call on its way is aborted. */
  readonly list = new Resource<DiscussionClusterNodeDto[]>([]);
  draft: DiscussionDraft | null = null;
  showRules = false;
  busy = false;
  private loadedFor: string | null = null;

  constructor(private readonly s: DiscussionsUploadServices) {
    makeAutoObservable<DiscussionsUploadStore, 's' | 'loadedFor'>(this, { s: false, loadedFor: false, list: false });
  }

  get nodes(): DiscussionClusterNodeDto[] {
    return this.list.data;
  }

  /** The library answered, or failed (the page shows which). */
  get loaded(): boolean {
    return this.list.status === 'ready' || this.list.status === 'error';
  }

  get loadFailed(): boolean {
    return this.list.error !== null;
  }

  /** The library for the client in X-Context (loaded again when the client changes). */
  load(client: string, force = false): Settled<unknown> {
    if (!force && this.loadedFor === client && (this.list.status === 'ready' || this.list.loading)) return Promise.resolve();
    if (this.loadedFor !== client) this.list.reset();
    this.loadedFor = client;
    return this.list.load(async (signal) => (await this.s.api.call(E.list, undefined, { silent: true, signal })).data);
  }

  /** UPL-021: 'New Discussion' opens an empty drawer; a library item opens it on that node. */
  open(node?: DiscussionClusterNodeDto): void {
    this.draft = {
      id: node?.id ?? null,
      name: node?.name ?? '',
      description: node?.description ?? '',
      touched: false,
      serverError: null,
      file: null,
      fileError: null,
      uploadErrors: [],
    };
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

  /** UPL-003: only .xls files are taken, and none past the upload's limit; another is refused at once (before sending it). */
  setFile(file: File | null): void {
    if (!this.draft) return;
    const error = file ? chosenFileError(file, E.upload.upload.maxBytes) : null;
    this.draft.file = error ? null : file;
    this.draft.fileError = error;
  }

  /** UPL-025: the node's template (its id and clusters), or the blank one for a new discussion. */
  async downloadTemplate(): Promise<void> {
    const id = this.draft?.id ?? undefined;
    try {
      const { blob, filename } = await this.s.api.download(E.template, { query: { id } }, { silent: true });
      saveBlob(blob, filename ?? TEMPLATE_FILE);
    } catch {
      this.s.toast.show('error', M.saveFailed, { timeout: NOTICE_MS.failure });
    }
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

  /** UPL-028 / UPL-029 / UPL-030: POST or PUT; success closes the drawer with 'Save Complete'. Never rejects: a failure is the notice. */
  save(): Settled<boolean> {
    return settle(this.submit(), () => false);
  }

  private async submit(): Promise<boolean> {
    const d = this.draft;
    if (!d) return false;
    if (!this.canSave) {
      d.touched = true;
      return false;
    }
    this.busy = true;
    const body = { discussion_cluster_node: { name: d.name, description: d.description } };
    try {
      let saved: DiscussionClusterNodeDto;
      if (d.file) {
        // UPL-028: with a file, one upload saves the name, the description and every row at once
        // (a new discussion is created first: the upload needs its id).
        let id = d.id;
        if (id === null) {
          const created = (await this.s.api.call(E.create, { body }, { silent: true })).data;
          id = created.id;
          runInAction(() => {
            d.id = created.id;
            this.list.set(sorted([...this.nodes, created]));
          });
        }
        const form = new FormData();
        form.append('name', d.name);
        form.append('description', d.description);
        form.append('template', d.file, d.file.name);
        const up = await this.s.api.request<{ data: { updated: DiscussionClusterNodeDto } }>(E.upload.method, endpointUrl(E.upload, { id }), form, {
          silent: true,
        });
        saved = up.data.updated;
      } else {
        saved = (
          d.id === null
            ? await this.s.api.call(E.create, { body }, { silent: true })
            : await this.s.api.call(E.update, { params: { id: d.id }, body }, { silent: true })
        ).data;
      }
      const uploaded = !!d.file;
      runInAction(() => {
        this.list.set(sorted([...this.nodes.filter((n) => n.id !== saved.id), saved]));
        this.close();
      });
      this.s.toast.show('success', uploaded ? M.uploadComplete : M.saveComplete, { timeout: NOTICE_MS.success });
      return true;
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { errors?: UploadErrorDto[]; failed_rows?: number } | undefined) : undefined;
      runInAction(() => {
        if (!(e instanceof ApiError) || !this.draft) return;
        // The name the server refused (taken in this client) shows at the field as well.
        if (e.status === 422) {
          this.draft.serverError = e.fields?.['discussion_cluster_node.name'] ?? null;
          this.draft.touched = true;
        }
        // UPL-031: rows with errors changed nothing; they are listed by row and column, and the file
        // (or a refused one: too large, empty, past the row cap) is chosen again once fixed.
        this.draft.uploadErrors = body?.errors ?? [];
        if (d.file && (e.status === 422 || e.status === 413 || e.status === 415)) {
          this.draft.file = null;
          this.draft.fileError = e.fields?.['discussion_cluster_node.name'] ? null : e.message;
        }
      });
      this.s.toast.show('error', body?.failed_rows ? uploadFailedNotice(body.failed_rows) : M.saveFailed, { timeout: NOTICE_MS.failure });
      // A new discussion saved before its upload failed is in the library now.
      if (d.id !== null && !this.nodes.some((n) => n.id === d.id)) this.load(this.loadedFor ?? '', true);
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
        this.list.set(this.nodes.filter((n) => n.id !== node.id));
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
