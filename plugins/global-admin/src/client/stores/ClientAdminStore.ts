import { createToken } from '@discovery/plugin-api';
import { ApiError, Resource, type ApiClient, type HierarchyStore, type SessionStore, type Settled, type ToastStore } from '@discovery/platform';
import { brandsAdminEndpoints as E, ClientBodySchema, type AdminClientDto, type ClientBody } from '@discovery/plugin-brands-admin/common';
import { makeAutoObservable, runInAction } from 'mobx';

export const ClientAdminStoreToken = createToken<ClientAdminStore>('global-admin:ClientAdminStore');

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ClientAdminDeps {
  api: ApiClient;
  hierarchy: HierarchyStore;
  session: SessionStore;
  toasts: ToastStore;
  t: Translate;
}

export interface RegionRow {
  id: number | null;
  name: string;
  slug: string;
  is_default: boolean;
}

export interface FlagRow {
  key: string;
  on: boolean;
}

/** The client admin form (BRAND-059 DESIGN): name, slug, Company ID, feature flags and regions. */
export class ClientForm {
  id: number | null;
  name: string;
  slug: string;
  companyId: string;
  siteVisitation: boolean;
  flags: FlagRow[];
  regions: RegionRow[];
  /** Messages by field path ('client.name', 'client.regions.0.name'), from the schema or the server. */
  errors: Record<string, string> = {};
  notice: string | null = null;
  submitting = false;

  constructor(c?: AdminClientDto) {
    this.id = c?.id ?? null;
    this.name = c?.name ?? '';
    this.slug = c?.slug ?? '';
    this.companyId = c?.conversant_company_id !== null && c?.conversant_company_id !== undefined ? String(c.conversant_company_id) : '';
    this.siteVisitation = c?.site_visitation_enabled ?? false;
    this.flags = Object.entries(c?.feature_flags ?? {}).map(([key, on]) => ({ key, on }));
    this.regions = (c?.regions ?? []).map((r) => ({ id: r.id, name: r.name, slug: r.slug, is_default: r.is_default }));
    if (this.regions.length === 0) this.regions.push({ id: null, name: '', slug: '', is_default: true });
    makeAutoObservable(this);
  }

  get isNew(): boolean {
    return this.id === null;
  }

  set<K extends 'name' | 'slug' | 'companyId' | 'siteVisitation'>(field: K, value: ClientForm[K]): void {
    (this as ClientForm)[field] = value;
  }

  addRegion(): void {
    this.regions.push({ id: null, name: '', slug: '', is_default: false });
  }

  removeRegion(i: number): void {
    const r = this.regions[i];
    if (!r || r.id !== null) return; // saved regions stay: products may live there
    this.regions.splice(i, 1);
    if (this.regions.length && !this.regions.some((x) => x.is_default)) this.regions[0].is_default = true;
  }

  setRegion(i: number, patch: Partial<Pick<RegionRow, 'name' | 'slug'>>): void {
    Object.assign(this.regions[i], patch);
  }

  /** One default region: choosing one clears the others. */
  setDefault(i: number): void {
    this.regions.forEach((r, k) => (r.is_default = k === i));
  }

  addFlag(): void {
    this.flags.push({ key: '', on: true });
  }

  setFlag(i: number, patch: Partial<FlagRow>): void {
    Object.assign(this.flags[i], patch);
  }

  removeFlag(i: number): void {
    this.flags.splice(i, 1);
  }

  /** The `{ client }` body of POST clients / PUT clients/{id} (SRV-028). */
  payload(): ClientBody {
    const id = this.companyId.trim();
    const n = Number(id);
    return {
      client: {
        ...(this.id ? { id: this.id } : {}),
        name: this.name,
        ...(this.slug.trim() ? { slug: this.slug.trim() } : {}),
        // A typed value that is not a whole number reaches the schema as NaN and gets its message.
        conversant_company_id: id === '' ? null : Number.isInteger(n) ? n : Number.NaN,
        feature_flags: Object.fromEntries(this.flags.filter((f) => f.key.trim()).map((f) => [f.key.trim(), f.on])),
        site_visitation_enabled: this.siteVisitation,
        regions: this.regions.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          name: r.name,
          ...(r.slug.trim() ? { slug: r.slug.trim() } : {}),
          is_default: r.is_default,
        })),
      },
    };
  }

  /** The same schema the server validates with; messages keyed like the server's 422 fields. */
  validate(): boolean {
    const parsed = ClientBodySchema.safeParse(this.payload());
    this.errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    return parsed.success;
  }

  error(path: string): string | undefined {
    return this.errors[path];
  }
}

/** Global admin's clients: the list, and the form that creates or edits one (BRAND-059). */
export class ClientAdminStore {
  readonly list = new Resource<AdminClientDto[]>([]);
  form: ClientForm | null = null;

  constructor(private readonly deps: ClientAdminDeps) {
    makeAutoObservable<ClientAdminStore, 'deps'>(this, { deps: false, list: false });
  }

  get clients(): AdminClientDto[] {
    return this.list.data;
  }

  get loaded(): boolean {
    return this.list.status === 'ready';
  }

  get canCreate(): boolean {
    return this.deps.session.can('clients', 'create');
  }

  get canUpdate(): boolean {
    return this.deps.session.can('clients', 'update');
  }

  get canRead(): boolean {
    return this.deps.session.can('clients', 'read');
  }

  load(): Settled<unknown> {
    if (!this.canRead) return Promise.resolve();
    return this.list.load(async (signal) => (await this.deps.api.call(E.clients, {}, { silent: true, signal })).data);
  }

  open(client?: AdminClientDto): void {
    this.form = new ClientForm(client);
  }

  close(): void {
    this.form = null;
  }

  /** BRAND-059: PUT clients/{id} when the client has an id, else POST clients, body { client }. */
  async save(): Promise<boolean> {
    const form = this.form;
    if (!form || !form.validate()) return false;
    const { api, t, toasts, hierarchy } = this.deps;
    form.submitting = true;
    form.notice = null;
    try {
      const body = form.payload();
      const res = form.id
        ? await api.call(E.updateClient, { params: { id: form.id }, body }, { silent: true })
        : await api.call(E.createClient, { body }, { silent: true });
      toasts.success(t(form.isNew ? 'clients.created' : 'clients.updated', { name: res.data.name }));
      runInAction(() => {
        const known = this.clients.some((c) => c.id === res.data.id);
        this.list.set(known ? this.clients.map((c) => (c.id === res.data.id ? res.data : c)) : [...this.clients, res.data]);
        this.form = null;
      });
      // The selector lists the new client and its regions at once (a failure there is the hierarchy's, not the save's).
      await hierarchy.load().catch(() => undefined);
      return true;
    } catch (e) {
      runInAction(() => {
        form.notice = e instanceof ApiError && e.status !== 0 ? e.message : t('clients.saveFailed');
        if (e instanceof ApiError && e.fields) form.errors = e.fields;
      });
      return false;
    } finally {
      runInAction(() => (form.submitting = false));
    }
  }
}
