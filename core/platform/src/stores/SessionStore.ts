import { coreEndpoints as E, type MeDto, type PermissionAction, type PermissionSet, type SessionSnapshot } from '@discovery/plugin-api';

export type { MeDto };
import { makeAutoObservable, runInAction } from 'mobx';
import { adoptCsrfCookie, ApiError, GENERIC_ERROR, type ApiClient } from '../ApiClient';
import { Resource, settle, type Settled } from '../Resource';
import type { ConfigStore } from './ConfigStore';
import type { HierarchyStore } from './HierarchyStore';

export const AUTH_TOKEN_KEY = 'auth-token';
export const SSO_TOKEN_KEY = 'sso-token';
export const USER_KEY = 'user';
export const LOGOUT_DELAY_MS = 200;

/** SHELL-074 / A-16: brands and products default to create, update, destroy when absent. */
export function withDefaultPermissions(set: PermissionSet): PermissionSet {
  const out: PermissionSet = { ...set };
  for (const r of ['brands', 'products']) {
    if (!out[r]) out[r] = { create: true, update: true, destroy: true };
  }
  return out;
}

/**
 * SHELL-047 / TBX-023: every embedded frame is told {type: 'logout'}, addressed to the frame's own
 * origin (the origin of its src), never '*': a frame that navigated elsewhere is not told.
 */
export function postLogoutToFrames(doc: Document = document): number {
  let sent = 0;
  for (const frame of Array.from(doc.querySelectorAll('iframe'))) {
    const src = frame.getAttribute('src');
    if (!src) continue;
    let origin: string;
    try {
      origin = new URL(src, doc.baseURI).origin;
    } catch {
      continue;
    }
    if (!origin || origin === 'null' || !frame.contentWindow) continue;
    frame.contentWindow.postMessage({ type: 'logout' }, origin);
    sent++;
  }
  return sent;
}

/** Who is signed in, what they may do, and the sign-in / sign-out transitions. */
export class SessionStore {
  me: MeDto | null = null;
  status: 'unknown' | 'anonymous' | 'authenticated' = 'unknown';
  /** The start-up probe; sign-in and sign-out abort it, so a slower probe cannot undo them. */
  private readonly probe = new Resource<MeDto | null>(null);
  /** A logout is under way (its redirect is pending): a second call does nothing. */
  private loggingOut = false;

  constructor(
    private readonly api: ApiClient,
    private readonly hierarchy: HierarchyStore,
    private readonly config: ConfigStore,
    private readonly storage: Storage = localStorage,
    /** Full-page navigation (the logout redirect); replaceable in tests. */
    private readonly leave: (url: string) => void = (url) => window.location.assign(url),
  ) {
    makeAutoObservable<SessionStore, 'api' | 'hierarchy' | 'config' | 'storage' | 'probe' | 'loggingOut' | 'leave'>(this, {
      leave: false,
      probe: false,
      loggingOut: false,
      api: false,
      hierarchy: false,
      config: false,
      storage: false,
    });
  }

  get permissions(): PermissionSet {
    return withDefaultPermissions(this.me?.permissions ?? {});
  }

  /** SHELL-070. */
  can(resource: string, action: PermissionAction): boolean {
    return this.permissions[resource]?.[action] === true;
  }

  get fullName(): string {
    return this.me ? `${this.me.first_name} ${this.me.last_name}`.trim() : '';
  }

  /** What nav and route predicates see. */
  get snapshot(): SessionSnapshot {
    return {
      can: (r, a) => this.can(r, a),
      featureFlags: this.hierarchy.featureFlags,
      modules: this.hierarchy.modules,
      isTier3: this.config.isTier3,
      // The levels that exist: nav items and cards never link below them (issue 14 §2).
      hierarchy: this.hierarchy.resolvedSelection,
    };
  }

  /**
   * At start: who is this. The session probe answers 200 with no user when signed out (an
   * expected state, not a failed request in the console); a failure also means signed out.
   */
  init(): Settled<void> {
    adoptCsrfCookie();
    return this.probe
      .load(async (signal) => {
        const me = (await this.api.call(E.session, {}, { silent: true, noRefreshLogin: true, signal })).data;
        if (me) await this.hierarchy.load();
        return me;
      })
      .then((me) => {
        // Undefined with no error: a sign-in or sign-out took its place.
        if (me === undefined && !this.probe.error) return;
        runInAction(() => {
          this.me = me ?? null;
          this.status = me ? 'authenticated' : 'anonymous';
        });
      });
  }

  /** SHELL-039, SHELL-041: sign in, keep the tokens, then load permissions and the hierarchy. */
  async login(email: string, password: string): Promise<MeDto> {
    this.probe.abort();
    // A wrong password is the form's to show, not the banner's; no CSRF token exists yet.
    this.api.setCsrfToken(null);
    let res: Response;
    try {
      res = await this.api.callRaw(E.login, { body: { email, password } }, { silent: true, noRefreshLogin: true });
    } catch (e) {
      throw new Error(e instanceof ApiError && e.status > 0 ? e.message : GENERIC_ERROR, { cause: e });
    }
    const body = (await res.json().catch(() => ({}))) as { data?: MeDto };
    if (!body.data) throw new Error(GENERIC_ERROR);
    const auth = res.headers.get('auth-token');
    if (auth) this.storage.setItem(AUTH_TOKEN_KEY, auth);
    this.api.setCsrfToken(res.headers.get('x-csrf-token'));
    adoptCsrfCookie();
    this.storage.setItem(USER_KEY, JSON.stringify({ id: body.data.id, first_name: body.data.first_name, last_name: body.data.last_name }));
    await this.hierarchy.load();
    runInAction(() => {
      this.me = body.data!;
      this.status = 'authenticated';
    });
    this.fetchSsoToken();
    return body.data;
  }

  /** SHELL-040: the SSO token for embedded frames, from the sso-token header; a failure is no token (frames ask again). */
  fetchSsoToken(): Settled<void> {
    return settle(
      this.api.callRaw(E.ssoToken, {}, { silent: true, noRefreshLogin: true }).then((res) => {
        const token = res.headers.get('sso-token');
        if (token) this.storage.setItem(SSO_TOKEN_KEY, token);
      }),
      () => undefined,
    );
  }

  /**
   * SHELL-047: clear the tokens and the stored user, tell embedded frames, then after 200 ms go
   * to the logout address (with the return URL when given).
   */
  logout(returnUrl?: string): void {
    if (this.loggingOut) return;
    this.loggingOut = true;
    this.probe.abort();
    const logoutUrl = this.config.config?.logout_url ?? E.adfsLogout.path;
    this.api.call(E.logout, {}, { silent: true }).catch(() => undefined);
    for (const k of [AUTH_TOKEN_KEY, SSO_TOKEN_KEY, USER_KEY]) this.storage.removeItem(k);
    this.api.setCsrfToken(null);
    postLogoutToFrames();
    const target = returnUrl ? `${logoutUrl}?returnUrl=${encodeURIComponent(returnUrl)}` : logoutUrl;
    // The page (and its embedded frames) stays for the 200 ms, so the frames receive the logout
    // message before their documents go away; then the state is cleared and the app leaves.
    setTimeout(() => {
      runInAction(() => {
        this.me = null;
        this.status = 'anonymous';
        this.loggingOut = false;
      });
      this.hierarchy.clear();
      this.leave(target);
    }, LOGOUT_DELAY_MS);
  }

  /** SHELL-046: stop 'viewing as', back to /home as yourself. A failure is the banner's (the call is not silent). */
  stopViewingAs(): Settled<void> {
    return settle(
      this.api.call(E.stopImpersonating).then(() => window.location.assign('/home')),
      () => undefined,
    );
  }

  /** View as another user (global admin). A failure is the banner's (the call is not silent). */
  viewAs(userId: number): Settled<void> {
    return settle(
      this.api.call(E.impersonate, { body: { user_id: userId } }).then(() => window.location.assign('/home')),
      () => undefined,
    );
  }
}
