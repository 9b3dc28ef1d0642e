import { adminEndpoints as A, ApiKeyBody, createToken, type ApiKeyDto } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type Settled, type ToastStore } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';

export const ApiKeysStoreToken = createToken<ApiKeysStore>('global-admin:ApiKeysStore');

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The expiry a date input (YYYY-MM-DD, the browser's time zone) means: the end of that day; '' is none. */
export function expiryOf(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

/** The screen shows a key as active, expired or revoked. */
export function keyState(k: ApiKeyDto, now = Date.now()): 'active' | 'expired' | 'revoked' {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && Date.parse(k.expires_at) <= now) return 'expired';
  return 'active';
}

/**
 * SRV-025 API keys (issue 32 §3): the list with last-used times, a new key whose secret shows once
 * (only its sha256 is kept), an optional expiry, revoke.
 */
export class ApiKeysStore {
  readonly keys = new Resource<ApiKeyDto[] | null>(null);
  name = '';
  expires = '';
  errors: Record<string, string> = {};
  notice: string | null = null;
  creating = false;
  /** The secret just made, with its key's name: shown until dismissed, never again. */
  created: { name: string; secret: string } | null = null;
  confirmRevoke: ApiKeyDto | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly toasts: ToastStore,
    private readonly t: Translate,
  ) {
    makeAutoObservable<ApiKeysStore, 'api' | 'toasts' | 't'>(this, { api: false, toasts: false, t: false, keys: false });
  }

  load(): Settled<unknown> {
    return this.keys.load(async (signal) => (await this.api.call(A.apiKeys, {}, { silent: true, signal })).data);
  }

  set(field: 'name' | 'expires', value: string): void {
    this[field] = value;
  }

  dismissSecret(): void {
    this.created = null;
  }

  askRevoke(key: ApiKeyDto | null): void {
    this.confirmRevoke = key;
  }

  create(): Settled<unknown> {
    const parsed = ApiKeyBody.safeParse({ api_key: { name: this.name, ...(this.expires ? { expires_at: expiryOf(this.expires) ?? this.expires } : {}) } });
    this.errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    if (!parsed.success) return Promise.resolve();
    this.creating = true;
    this.notice = null;
    return settle(
      this.api.call(A.createApiKey, { body: parsed.data }, { silent: true }).then((r) => {
        const { secret, ...key } = r.data;
        runInAction(() => {
          this.created = { name: key.name, secret };
          this.keys.set([key, ...(this.keys.data ?? [])]);
          this.name = '';
          this.expires = '';
          this.creating = false;
        });
      }),
      (e) =>
        runInAction(() => {
          this.creating = false;
          this.notice = e instanceof ApiError && e.status !== 0 ? e.message : this.t('keys.createFailed');
          if (e instanceof ApiError && e.fields) this.errors = e.fields;
        }),
    );
  }

  /** Revoked at once: the next call with it is refused. */
  revoke(key: ApiKeyDto): Settled<unknown> {
    this.confirmRevoke = null;
    this.notice = null;
    return settle(
      this.api.call(A.revokeApiKey, { params: { id: key.id } }, { silent: true }).then(() => {
        runInAction(() => this.keys.set((this.keys.data ?? []).map((k) => (k.id === key.id ? { ...k, revoked_at: new Date().toISOString() } : k))));
        this.toasts.success(this.t('keys.revoked', { name: key.name }));
      }),
      (e) => runInAction(() => (this.notice = e instanceof ApiError && e.status !== 0 ? e.message : this.t('keys.revokeFailed'))),
    );
  }
}
