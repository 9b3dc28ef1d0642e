import { adminEndpoints as A, createToken, SetPasswordBody } from '@discovery/plugin-api';
import { ApiError, Resource, settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';

export const SetPasswordStoreToken = createToken<SetPasswordStore>('global-admin:SetPasswordStore');

export interface InvitationView {
  email: string;
  first_name: string;
  last_name: string;
  expires_at: string;
}

/**
 * The invitation link's page (issue 32 §1): who the link is for, then the password, once. The
 * built-in identity provider keeps it; the link stops working when used or expired.
 */
export class SetPasswordStore {
  readonly invitation = new Resource<InvitationView | null>(null);
  token = '';
  password = '';
  confirm = '';
  /** A message key of this plugin ('setPassword.mismatch') or the schema's / server's message. */
  error: { key?: string; message?: string } | null = null;
  submitting = false;
  done = false;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<SetPasswordStore, 'api'>(this, { api: false, invitation: false });
  }

  open(token: string): Settled<unknown> {
    this.token = token;
    this.password = '';
    this.confirm = '';
    this.error = null;
    this.done = false;
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
      this.invitation.reset();
      return Promise.resolve();
    }
    return this.invitation.load(async (signal) => (await this.api.call(A.invitation, { params: { token } }, { silent: true, signal })).data);
  }

  /** A link without a token, or one the page cannot use. */
  get malformed(): boolean {
    return !/^[A-Za-z0-9_-]{20,100}$/.test(this.token);
  }

  set(field: 'password' | 'confirm', value: string): void {
    this[field] = value;
  }

  submit(): Settled<boolean> {
    const parsed = SetPasswordBody.safeParse({ password: this.password });
    if (!parsed.success) {
      this.error = { message: parsed.error.issues[0]?.message };
      return Promise.resolve(false);
    }
    if (this.password !== this.confirm) {
      this.error = { key: 'setPassword.mismatch' };
      return Promise.resolve(false);
    }
    this.error = null;
    this.submitting = true;
    return settle(
      this.api.call(A.acceptInvitation, { params: { token: this.token }, body: parsed.data }, { silent: true }).then(() => {
        runInAction(() => {
          this.submitting = false;
          this.done = true;
        });
        return true;
      }),
      (e) => {
        runInAction(() => {
          this.submitting = false;
          this.error = e instanceof ApiError && e.status !== 0 ? { message: e.fields?.password ?? e.message } : { key: 'setPassword.failed' };
        });
        return false;
      },
    );
  }
}
