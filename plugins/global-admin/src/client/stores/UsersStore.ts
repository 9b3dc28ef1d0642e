import { adminEndpoints as A, coreEndpoints as C, createToken, InviteBody, type InvitationDto, type RoleDto, type UserAdminDto } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type HierarchyStore, type Settled, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';

export const UsersStoreToken = createToken<UsersStore>('global-admin:UsersStore');

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Rows a page of the users list shows (the server answers up to 200). */
export const USERS_PAGE_SIZE = 50;

export interface UsersDeps {
  api: ApiClient;
  hierarchy: HierarchyStore;
  toasts: ToastStore;
  t: Translate;
}

/** The invite form, or a user's roles and hierarchy access (issue 32 §1). */
export class UserForm {
  /** Null: a new user (invite). */
  readonly user: UserAdminDto | null;
  email = '';
  firstName = '';
  lastName = '';
  roleIds: number[];
  slugs: string[];
  errors: Record<string, string> = {};
  notice: string | null = null;
  submitting = false;

  constructor(user?: UserAdminDto) {
    this.user = user ?? null;
    this.roleIds = [...(user?.role_ids ?? [])];
    this.slugs = [...(user?.slugs ?? [])];
    makeAutoObservable(this, { user: false });
  }

  get isNew(): boolean {
    return this.user === null;
  }

  set(field: 'email' | 'firstName' | 'lastName', value: string): void {
    this[field] = value;
  }

  toggleRole(id: number): void {
    this.roleIds = this.roleIds.includes(id) ? this.roleIds.filter((r) => r !== id) : [...this.roleIds, id];
  }

  setSlugs(slugs: string[]): void {
    this.slugs = slugs;
  }

  /** The invite's body, checked by the schema the server validates with; messages keyed like a 422's fields. */
  inviteBody(): ReturnType<typeof InviteBody.parse> | null {
    const parsed = InviteBody.safeParse({
      user: { email: this.email, first_name: this.firstName, last_name: this.lastName, role_ids: this.roleIds, slugs: this.slugs },
    });
    this.errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    return parsed.success ? parsed.data : null;
  }

  error(path: string): string | undefined {
    return this.errors[path];
  }
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The users screen (issue 32 §1): search and paging over any number of users, invitations with a
 * one-time link, deactivate and reactivate, roles per user and hierarchy access by slug.
 */
export class UsersStore {
  readonly page = new Resource<{ users: UserAdminDto[]; total: number } | null>(null);
  readonly roles = new Resource<RoleDto[]>([]);
  query = '';
  /** The query of the rows shown. */
  applied = '';
  offset = 0;
  form: UserForm | null = null;
  /** The one-time link just made, for whom: shown once, until dismissed. */
  invitation: (InvitationDto & { email: string }) | null = null;
  /** A user whose deactivation waits for confirmation. */
  confirmDeactivate: UserAdminDto | null = null;
  /** The last row action's failure (409 'You cannot deactivate yourself.', a role guard's message). */
  actionError: string | null = null;

  constructor(private readonly deps: UsersDeps) {
    makeAutoObservable<UsersStore, 'deps' | 'submit'>(this, { deps: false, page: false, roles: false, submit: false });
  }

  get users(): UserAdminDto[] {
    return this.page.data?.users ?? [];
  }

  get total(): number {
    return this.page.data?.total ?? 0;
  }

  get hasPrevious(): boolean {
    return this.offset > 0;
  }

  get hasNext(): boolean {
    return this.offset + USERS_PAGE_SIZE < this.total;
  }

  setQuery(q: string): void {
    this.query = q;
  }

  load(): Settled<unknown> {
    return Promise.all([
      this.search(),
      this.roles.load(async (signal) => (await this.deps.api.call(C.roles, {}, { silent: true, signal })).data),
      this.deps.hierarchy.loaded ? Promise.resolve() : settle(this.deps.hierarchy.load(), () => undefined),
    ]);
  }

  /** The first page of the typed query. */
  search(): Settled<unknown> {
    this.applied = this.query.trim();
    this.offset = 0;
    return this.fetch();
  }

  next(): Settled<unknown> {
    if (!this.hasNext) return Promise.resolve();
    this.offset += USERS_PAGE_SIZE;
    return this.fetch();
  }

  previous(): Settled<unknown> {
    if (!this.hasPrevious) return Promise.resolve();
    this.offset = Math.max(0, this.offset - USERS_PAGE_SIZE);
    return this.fetch();
  }

  private fetch(): Settled<unknown> {
    const query: Record<string, string> = { offset: String(this.offset), limit: String(USERS_PAGE_SIZE) };
    if (this.applied) query.q = this.applied;
    return this.page.load(async (signal) => {
      const r = await this.deps.api.call(A.usersPage, { query }, { silent: true, signal });
      return { users: r.data, total: r.total };
    });
  }

  private replace(user: UserAdminDto): void {
    const cur = this.page.data;
    if (cur) this.page.set({ ...cur, users: cur.users.map((u) => (u.id === user.id ? user : u)) });
  }

  openInvite(): void {
    this.form = new UserForm();
  }

  openEdit(user: UserAdminDto): void {
    this.form = new UserForm(user);
  }

  close(): void {
    this.form = null;
  }

  dismissInvitation(): void {
    this.invitation = null;
  }

  private failure(e: unknown, fallback: string): string {
    return e instanceof ApiError && e.status !== 0 ? e.message : this.deps.t(fallback);
  }

  /** Invite (POST users) or save roles and access (PUT users/{id}/roles, PUT permissions/{id}: each only when changed). */
  save(): Settled<boolean> {
    return settle(this.submit(), () => false);
  }

  private async submit(): Promise<boolean> {
    const form = this.form;
    if (!form) return false;
    const { api, t, toasts } = this.deps;
    let body: ReturnType<UserForm['inviteBody']> = null;
    if (form.isNew && !(body = form.inviteBody())) return false;
    form.submitting = true;
    form.notice = null;
    try {
      if (body) {
        const res = await api.call(A.inviteUser, { body }, { silent: true });
        runInAction(() => {
          this.invitation = { ...res.invitation, email: res.data.email };
          this.form = null;
        });
        toasts.success(t('usersPage.invited', { email: res.data.email }));
        await this.fetch();
        return true;
      }
      const user = form.user!;
      let saved = user;
      if (!sameSet(form.roleIds, user.role_ids ?? [])) {
        saved = (await api.call(A.setUserRoles, { params: { id: user.id }, body: { role_ids: form.roleIds } }, { silent: true })).data;
      }
      if (!sameSet(form.slugs, user.slugs)) {
        const slugs = (await api.call(C.setUserSlugs, { params: { userId: user.id }, body: { user_id: user.id, slugs: form.slugs } }, { silent: true })).data;
        saved = { ...saved, slugs };
      }
      runInAction(() => {
        this.replace(saved);
        this.form = null;
      });
      toasts.success(t('usersPage.saved', { email: user.email }));
      return true;
    } catch (e) {
      runInAction(() => {
        form.notice = this.failure(e, 'usersPage.saveFailed');
        if (e instanceof ApiError && e.fields) form.errors = e.fields;
      });
      return false;
    } finally {
      runInAction(() => (form.submitting = false));
    }
  }

  /** A new one-time link (the older ones stop working). */
  reinvite(user: UserAdminDto): Settled<unknown> {
    this.actionError = null;
    return settle(
      this.deps.api
        .call(A.reinviteUser, { params: { id: user.id } }, { silent: true })
        .then((r) => runInAction(() => (this.invitation = { ...r.data, email: user.email }))),
      (e) => runInAction(() => (this.actionError = this.failure(e, 'usersPage.actionFailed'))),
    );
  }

  askDeactivate(user: UserAdminDto | null): void {
    this.confirmDeactivate = user;
  }

  /** Deactivate (their sessions and keys stop at once) or reactivate; the row shows the new state. */
  setActive(user: UserAdminDto, active: boolean): Settled<unknown> {
    this.actionError = null;
    this.confirmDeactivate = null;
    const ep = active ? A.reactivateUser : A.deactivateUser;
    return settle(
      this.deps.api.call(ep, { params: { id: user.id } }, { silent: true }).then(() => {
        runInAction(() => this.replace({ ...user, deactivated_at: active ? null : new Date().toISOString() }));
        this.deps.toasts.success(this.deps.t(active ? 'usersPage.reactivated' : 'usersPage.deactivatedToast', { email: user.email }));
      }),
      (e) => runInAction(() => (this.actionError = this.failure(e, 'usersPage.actionFailed'))),
    );
  }
}
