import { coreEndpoints as C, createToken, PERMISSION_ACTIONS, RoleBody, type PermissionAction, type RoleDto } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type Settled, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';

export const RolesStoreToken = createToken<RolesStore>('global-admin:RolesStore');

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Grant = Partial<Record<PermissionAction, boolean>>;

/**
 * SRV-017 / A-16: a role with no row for these resources gets create, update and destroy on them
 * (core's permissionSet). The grid shows the default until the administrator sets the row.
 */
export const DEFAULTED_RESOURCES: Record<string, Grant> = {
  brands: { create: true, read: false, update: true, destroy: true },
  products: { create: true, read: false, update: true, destroy: true },
};

/** A role being edited: its name and one row per resource of the server's list (SRV-023). */
export class RoleDraft {
  readonly id: number | null;
  name: string;
  grants: Record<string, Grant>;
  /** Resources whose row the role stores; the others of DEFAULTED_RESOURCES follow SRV-017. */
  explicit: Set<string>;
  errors: Record<string, string> = {};
  notice: string | null = null;
  submitting = false;
  dirty = false;

  constructor(resources: string[], role?: RoleDto) {
    this.id = role?.id ?? null;
    this.name = role?.name ?? '';
    const stored = role?.permissions ?? {};
    this.explicit = new Set(Object.keys(stored));
    this.grants = Object.fromEntries(resources.map((r) => [r, { ...(stored[r] ?? DEFAULTED_RESOURCES[r] ?? {}) }]));
    makeAutoObservable(this, { id: false });
  }

  get isNew(): boolean {
    return this.id === null;
  }

  /** The row follows SRV-017's default (no stored row). */
  isDefault(resource: string): boolean {
    return resource in DEFAULTED_RESOURCES && !this.explicit.has(resource);
  }

  can(resource: string, action: PermissionAction): boolean {
    return this.grants[resource]?.[action] === true;
  }

  setName(name: string): void {
    this.name = name;
    this.dirty = true;
  }

  toggle(resource: string, action: PermissionAction): void {
    this.grants[resource] = { ...this.grants[resource], [action]: !this.can(resource, action) };
    this.explicit.add(resource);
    this.dirty = true;
  }

  /** Back to SRV-017's default for brands or products (the row is not stored). */
  useDefault(resource: string): void {
    if (!(resource in DEFAULTED_RESOURCES)) return;
    this.grants[resource] = { ...DEFAULTED_RESOURCES[resource] };
    this.explicit.delete(resource);
    this.dirty = true;
  }

  /** POST roles / PUT roles/{id} body (SRV-022): every row, except defaulted ones left as they are. */
  body(): ReturnType<typeof RoleBody.parse> | null {
    const permissions = Object.fromEntries(
      Object.entries(this.grants)
        .filter(([r]) => !this.isDefault(r))
        .map(([r, g]) => [r, Object.fromEntries(PERMISSION_ACTIONS.map((a) => [a, g[a] === true]))]),
    );
    const parsed = RoleBody.safeParse({ role: { name: this.name, permissions } });
    this.errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    return parsed.success ? parsed.data : null;
  }
}

/** The roles screen (issue 32 §2, SRV-022/023): the list, a resource × action grid per role, save and delete. */
export class RolesStore {
  readonly roles = new Resource<RoleDto[]>([]);
  readonly resources = new Resource<string[]>([]);
  draft: RoleDraft | null = null;
  confirmDelete = false;

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: ToastStore,
    private readonly t: Translate,
  ) {
    makeAutoObservable<RolesStore, 'api' | 'toasts' | 't' | 'submit'>(this, {
      api: false,
      toasts: false,
      t: false,
      roles: false,
      resources: false,
      submit: false,
    });
  }

  get loaded(): boolean {
    return this.roles.status === 'ready' && this.resources.status === 'ready';
  }

  get error(): Error | null {
    return this.roles.error ?? this.resources.error;
  }

  load(): Settled<unknown> {
    return Promise.all([
      this.roles.load(async (signal) => (await this.api.call(C.roles, {}, { silent: true, signal })).data),
      this.resources.load(async (signal) => (await this.api.call(C.resources, {}, { silent: true, signal })).data.map((r) => r.name)),
    ]).then(() => {
      if (!this.draft && this.roles.data[0]) this.select(this.roles.data[0].id);
    });
  }

  select(id: number): void {
    const role = this.roles.data.find((r) => r.id === id);
    if (role) this.draft = new RoleDraft(this.resources.data, role);
  }

  startNew(): void {
    this.draft = new RoleDraft(this.resources.data);
  }

  askDelete(open: boolean): void {
    this.confirmDelete = open;
  }

  save(): Settled<boolean> {
    return settle(this.submit(), () => false);
  }

  private async submit(): Promise<boolean> {
    const draft = this.draft;
    const body = draft?.body();
    if (!draft || !body) return false;
    draft.submitting = true;
    draft.notice = null;
    try {
      const saved =
        draft.id === null
          ? (await this.api.call(C.createRole, { body }, { silent: true })).data
          : (await this.api.call(C.updateRole, { params: { id: draft.id }, body }, { silent: true })).data;
      runInAction(() => {
        const known = this.roles.data.some((r) => r.id === saved.id);
        this.roles.set(
          known ? this.roles.data.map((r) => (r.id === saved.id ? saved : r)) : [...this.roles.data, saved].sort((a, b) => a.name.localeCompare(b.name)),
        );
        this.draft = new RoleDraft(this.resources.data, saved);
      });
      this.toasts.success(this.t('rolesPage.saved', { name: saved.name }));
      return true;
    } catch (e) {
      runInAction(() => {
        draft.notice = e instanceof ApiError && e.status !== 0 ? e.message : this.t('rolesPage.saveFailed');
        if (e instanceof ApiError && e.fields) draft.errors = e.fields;
      });
      return false;
    } finally {
      runInAction(() => (draft.submitting = false));
    }
  }

  /** DELETE roles/{id}; the server refuses the last role that can administer (409, its message shown). */
  remove(): Settled<unknown> {
    const draft = this.draft;
    this.confirmDelete = false;
    if (!draft || draft.id === null) return Promise.resolve();
    const id = draft.id;
    draft.notice = null;
    return settle(
      this.api.call(C.deleteRole, { params: { id } }, { silent: true }).then(() => {
        runInAction(() => {
          this.roles.set(this.roles.data.filter((r) => r.id !== id));
          this.draft = null;
          if (this.roles.data[0]) this.select(this.roles.data[0].id);
        });
        this.toasts.success(this.t('rolesPage.deleted', { name: draft.name }));
      }),
      (e) => runInAction(() => (draft.notice = e instanceof ApiError && e.status !== 0 ? e.message : this.t('rolesPage.deleteFailed'))),
    );
  }
}
