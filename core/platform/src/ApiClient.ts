import { endpointUrl, errorCodeForStatus, type CallInput, type EndpointSpec, type ResponseOf } from '@discovery/plugin-api';

export class ApiError extends Error {
  /** The envelope's machine code (`error.code`, ERROR_CODES: 'not_found', 'name_taken', ...); from the status when the answer has none; 'network' when no answer came. */
  readonly code: string;
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly body?: unknown,
    code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? errorCodeForStatus(status);
  }
}

/**
 * A call its caller aborted (a newer request took its place, the page went): not a failure to
 * show. Stores and the resource helper ignore it; `isAbortError` recognises it and fetch's own.
 */
export class AbortedError extends Error {
  constructor() {
    super('The request was aborted.');
    this.name = 'AbortError';
  }
}

export function isAbortError(e: unknown): boolean {
  return e instanceof AbortedError || (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError');
}

/** `api.call(endpoint)` when the endpoint needs no input, `api.call(endpoint, input)` otherwise. */
export type CallArgs<E extends EndpointSpec> =
  object extends CallInput<E> ? [input?: CallInput<E>, opts?: RequestOptions] : [input: CallInput<E>, opts?: RequestOptions];

export interface RequestOptions {
  /** Do not raise the global banner for this call (the caller shows its own state). */
  silent?: boolean;
  /** Resolve with the Response itself when it is ok (files); errors follow the usual rules. */
  raw?: boolean;
  /** A 401 here does not log the user out (the session probe at start). */
  noRefreshLogin?: boolean;
  headers?: Record<string, string>;
  /** Aborts the call: it rejects with an AbortedError, and neither the banner nor a login refresh follows. */
  signal?: AbortSignal;
}

/** What the ApiClient reports to the shell; bound to the stores in the core module. */
export interface ApiClientHooks {
  /** The current hierarchy fullSlug for X-Context (SHELL-057). */
  context(): string | null;
  /** SHELL-045: the region's chosen data source for X-Data-Source, or null (the server's default). */
  dataSource?(): string | null;
  /** SHELL-061: 403 message in the banner. SHELL-062: the generic one for anything else. */
  showBanner(message: string): void;
  /** SHELL-064: refresh_login. */
  refreshLogin(): void;
}

export const CSRF_STORAGE_KEY = 'csrf-token';
export const CSRF_COOKIE = 'csrf-token';
export const GENERIC_ERROR = 'Something went wrong with this page. Please refresh and try again';

/** SHELL-059: copy the CSRF cookie into local storage, then remove the cookie. */
export function adoptCsrfCookie(doc: Document = document, storage: Storage = localStorage): void {
  const m = doc.cookie.match(/(?:^|;\s*)csrf-token=([^;]+)/);
  if (!m) return;
  storage.setItem(CSRF_STORAGE_KEY, decodeURIComponent(m[1]));
  doc.cookie = `${CSRF_COOKIE}=; Max-Age=0; path=/`;
}

/** Paths exempt from the refresh_login rule (SHELL-064): the ping check and the auth calls. */
const EXEMPT = [/^\/api\/v1\/ping/, /^\/api\/v1\/auth\//];

/**
 * Every product API call goes through here: credentials, x-csrf-token, X-Context and a fresh
 * X-Request-ID (SHELL-056..058), and the shell's error rules (SHELL-060..064).
 */
export class ApiClient {
  /**
   * Told of every call that failed on the way (no answer) or on the server (5xx), whoever made it:
   * browser monitoring forwards them (SHELL-120). Set once monitoring starts; null until then.
   */
  failureListener: ((failure: { url: string; status: number; message: string }) => void) | null = null;

  constructor(
    private readonly hooks: ApiClientHooks,
    private readonly storage: Storage = localStorage,
  ) {}

  /**
   * One call of an endpoint defined in a plugin's `./common`: the URL from its path, params and
   * query, the body as JSON, the answer typed by its response schema.
   */
  call<E extends EndpointSpec>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
    const [input, opts] = args as [CallInput<E> | undefined, RequestOptions | undefined];
    const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    return this.request<ResponseOf<E>>(endpoint.method, endpointUrl(endpoint, i.params, i.query), i.body, opts);
  }

  /** The Response itself of an endpoint's call (headers matter: sign-in, the SSO token); errors follow the usual rules. */
  callRaw<E extends EndpointSpec>(endpoint: E, ...args: CallArgs<E>): Promise<Response> {
    const [input, opts] = args as [CallInput<E> | undefined, RequestOptions | undefined];
    const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    return this.request<Response>(endpoint.method, endpointUrl(endpoint, i.params, i.query), i.body, { ...opts, raw: true });
  }

  /** A file an endpoint answers (raw endpoints): its bytes and the name from Content-Disposition. */
  async download<E extends EndpointSpec>(endpoint: E, ...args: CallArgs<E>): Promise<{ blob: Blob; filename: string | null }> {
    const [input, opts] = args as [CallInput<E> | undefined, RequestOptions | undefined];
    const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
    const res = await this.request<Response>(endpoint.method, endpointUrl(endpoint, i.params, i.query), undefined, { ...opts, raw: true });
    const m = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '');
    return { blob: await res.blob(), filename: m ? m[1] : null };
  }

  get<T>(url: string, opts?: RequestOptions) {
    return this.request<T>('GET', url, undefined, opts);
  }
  post<T>(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('POST', url, body, opts);
  }
  put<T>(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('PUT', url, body, opts);
  }
  delete<T>(url: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', url, undefined, opts);
  }

  csrfToken(): string | null {
    return this.storage.getItem(CSRF_STORAGE_KEY);
  }

  setCsrfToken(token: string | null): void {
    if (token) this.storage.setItem(CSRF_STORAGE_KEY, token);
    else this.storage.removeItem(CSRF_STORAGE_KEY);
  }

  async request<T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { 'X-Request-ID': crypto.randomUUID(), ...opts.headers };
    const csrf = this.csrfToken();
    if (csrf) headers['x-csrf-token'] = csrf;
    const context = this.hooks.context();
    if (context) headers['X-Context'] = context;
    const source = this.hooks.dataSource?.();
    if (source) headers['X-Data-Source'] = source;
    // A FormData body (a file upload) goes as multipart/form-data; fetch writes its boundary.
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    const { signal } = opts;
    if (signal?.aborted) throw new AbortedError();
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        signal,
      });
      if (res.ok && opts.raw) return res as T;
      text = await res.text();
    } catch (e) {
      if (signal?.aborted || isAbortError(e)) throw new AbortedError();
      this.failureListener?.({ url, status: 0, message: (e as Error).message });
      if (!opts.silent) this.hooks.showBanner(GENERIC_ERROR);
      throw new ApiError(0, (e as Error).message);
    }
    // Aborted while the answer was on its way: the caller has moved on.
    if (signal?.aborted) throw new AbortedError();
    let data: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (res.ok) return data as T;

    const err = (data as { error?: { message?: string; fields?: Record<string, string>; code?: string } })?.error;
    const message = err?.message ?? (typeof data === 'string' && data ? data : `${res.status} ${res.statusText}`);
    if (res.status >= 500) this.failureListener?.({ url, status: res.status, message });
    if (message.includes('CSRF')) this.setCsrfToken(null);
    const refresh = (data as { refresh_login?: boolean })?.refresh_login === true;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    if (refresh && !opts.noRefreshLogin && !EXEMPT.some((r) => r.test(path))) {
      this.hooks.refreshLogin();
    } else if (!opts.silent && res.status !== 422 && res.status !== 409) {
      // 422/409 carry field messages the form shows itself; everything else is the banner's.
      this.hooks.showBanner(res.status === 403 ? message : GENERIC_ERROR);
    }
    throw new ApiError(res.status, message, err?.fields, data, typeof err?.code === 'string' ? err.code : undefined);
  }
}
