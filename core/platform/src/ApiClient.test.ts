import { defineEndpoint, typed } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
import { z } from 'zod';
import { ERROR_CODES } from '@discovery/plugin-api';
import en from './locales/en.json';
import { adoptCsrfCookie, ApiClient, ApiError, GENERIC_ERROR } from './ApiClient';
import { errorMessageKey } from './errorText';

function setup(context: string | null = 'acme/us/fizz-cola/fizz-zero') {
  const banners: string[] = [];
  let refreshed = 0;
  localStorage.clear();
  localStorage.setItem('csrf-token', 'tok-1');
  const api = new ApiClient({ context: () => context, showBanner: (m) => banners.push(m), refreshLogin: () => refreshed++ });
  const calls: { url: string; init: RequestInit }[] = [];
  const reply = (status: number, body: unknown) => {
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
  };
  return { api, banners, calls, reply, refreshed: () => refreshed };
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('ApiClient', () => {
  it('SHELL-056 SHELL-057 SHELL-058 sends credentials, x-csrf-token, X-Context and a fresh X-Request-ID UUID per call', async () => {
    const { api, calls, reply } = setup();
    reply(200, { data: 1 });
    await api.get('/api/v1/me');
    await api.post('/api/v1/things', { a: 1 });
    const [a, b] = calls.map((c) => headersOf(c.init));
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(a['x-csrf-token']).toBe('tok-1');
    expect(a['X-Context']).toBe('acme/us/fizz-cola/fizz-zero');
    expect(a['X-Request-ID']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b['X-Request-ID']).not.toBe(a['X-Request-ID']);
    expect(b['Content-Type']).toBe('application/json');
    expect(calls[1].init.body).toBe('{"a":1}');
  });

  it('calls an endpoint from its definition: params encoded into the path, the query appended, the body as JSON', async () => {
    const { api, calls, reply } = setup();
    const rename = defineEndpoint({
      method: 'PUT',
      path: '/api/v1/things/:id/names/:lang',
      access: { permission: 'signed-in', scope: 'product' },
      params: z.object({ id: IdParams.shape.id, lang: z.string() }),
      query: z.object({ dry: z.boolean().optional(), tags: z.array(z.string()).optional(), skip: z.string().optional() }),
      body: z.object({ name: z.string() }),
      response: typed<{ data: { id: number; name: string } }>(),
    });
    reply(200, { data: { id: 7, name: 'Fizz' } });
    const res = await api.call(rename, { params: { id: 7, lang: 'en/GB' }, query: { dry: true, tags: ['a', 'b c'], skip: undefined }, body: { name: 'Fizz' } });
    expect(res.data.name).toBe('Fizz');
    expect(calls[0].url).toBe('/api/v1/things/7/names/en%2FGB?dry=true&tags=a&tags=b%20c');
    expect(calls[0].init.method).toBe('PUT');
    expect(calls[0].init.body).toBe('{"name":"Fizz"}');
  });

  it('sends a FormData body as it is (multipart, its boundary from fetch), with the usual headers', async () => {
    const { api, calls, reply } = setup();
    reply(200, { data: 1 });
    const form = new FormData();
    form.append('template', new Blob(['x']), 'a.xls');
    await api.post('/api/v1/uploads', form);
    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0].init)['Content-Type']).toBeUndefined();
    expect(headersOf(calls[0].init)['x-csrf-token']).toBe('tok-1');
  });

  it('omits X-Context when no context is selected', async () => {
    const { api, calls, reply } = setup(null);
    reply(200, {});
    await api.get('/api/v1/hierarchy');
    expect(headersOf(calls[0].init)['X-Context']).toBeUndefined();
  });

  it("SHELL-061 shows a 403's server message in the banner", async () => {
    const { api, banners, reply } = setup();
    reply(403, { error: { message: "You don't have access to 'globex'." } });
    await expect(api.get('/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(banners).toEqual(["You don't have access to 'globex'."]);
  });

  it('SHELL-062 shows the generic banner, without a full stop, for other failures and for network errors', async () => {
    const { api, banners, reply } = setup();
    reply(500, { error: { message: 'Internal server error' } });
    await expect(api.get('/api/v1/x')).rejects.toThrow('Internal server error');
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(api.get('/api/v1/y')).rejects.toBeInstanceOf(ApiError);
    expect(GENERIC_ERROR).toBe('Something went wrong with this page. Please refresh and try again');
    expect(banners).toEqual([GENERIC_ERROR, GENERIC_ERROR]);
  });

  it('leaves 422 field errors and silent calls to the caller', async () => {
    const { api, banners, reply } = setup();
    reply(422, { error: { message: 'Validation failed: name: Required', fields: { name: 'Required' } } });
    const err = (await api.post('/api/v1/x', {}).catch((e) => e)) as ApiError;
    expect(err.status).toBe(422);
    expect(err.fields).toEqual({ name: 'Required' });
    reply(500, {});
    await api.get('/api/v1/x', { silent: true }).catch(() => undefined);
    expect(banners).toEqual([]);
  });

  it('SHELL-064 logs out on refresh_login, except for the ping check and the auth calls', async () => {
    const { api, reply, refreshed, banners } = setup();
    reply(401, { error: { message: 'Your session has expired. Please log in again.' }, refresh_login: true });
    await api.get('/api/v1/me').catch(() => undefined);
    expect(refreshed()).toBe(1);
    await api.get('/api/v1/ping').catch(() => undefined);
    await api.post('/api/v1/auth/logout').catch(() => undefined);
    expect(refreshed()).toBe(1);
    expect(banners).toHaveLength(2);
  });

  it("SHELL-060 removes the stored CSRF token when an error message contains 'CSRF'", async () => {
    const { api, reply } = setup();
    reply(403, { error: { message: 'Invalid CSRF token' } });
    await api.post('/api/v1/x').catch(() => undefined);
    expect(localStorage.getItem('csrf-token')).toBeNull();
  });

  it('SHELL-059 copies the CSRF cookie to local storage and removes the cookie', () => {
    localStorage.clear();
    document.cookie = 'csrf-token=abc%2B123; path=/';
    document.cookie = 'other=1; path=/';
    adoptCsrfCookie();
    expect(localStorage.getItem('csrf-token')).toBe('abc+123');
    expect(document.cookie).not.toMatch(/csrf-token=/);
    expect(document.cookie).toMatch(/other=1/);
  });

  it('issue 24 §4: reads the machine code of the error envelope, falls back to the status, and maps codes to core keys', async () => {
    const { api, reply } = setup();
    reply(409, { error: { message: 'This name is already in use.', status: 409, code: 'name_taken' } });
    const taken = (await api.post('/api/v1/x', {}, { silent: true }).catch((e) => e)) as ApiError;
    expect([taken.code, errorMessageKey(taken)]).toEqual(['name_taken', 'errors.codes.name_taken']);
    reply(502, 'Bad gateway');
    const proxy = (await api.get('/api/v1/x', { silent: true }).catch((e) => e)) as ApiError;
    expect(proxy.code).toBe('internal');
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(((await api.get('/api/v1/x', { silent: true }).catch((e) => e)) as ApiError).code).toBe('network');
    reply(418, { error: { message: 'teapot', status: 418, code: 'brewing' } });
    expect(errorMessageKey(await api.get('/api/v1/x', { silent: true }).catch((e) => e))).toBe('errors.generic');
    expect(errorMessageKey(new Error('not an answer'))).toBe('errors.generic');
    // Every code has its sentence in core's English.
    expect(ERROR_CODES.filter((c) => !(c in en.errors.codes))).toEqual([]);
  });
});
