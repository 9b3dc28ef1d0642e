import { autorun } from 'mobx';
import { AbortedError, ApiClient, ApiError } from './ApiClient';
import { Resource, settle } from './Resource';

/** A call the test answers when it chooses, recording whether its signal was aborted. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function scripted<T>() {
  const calls: { signal: AbortSignal; answer: ReturnType<typeof deferred<T>> }[] = [];
  const fn = (signal: AbortSignal) => {
    const answer = deferred<T>();
    // Like fetch: an aborted call rejects with an AbortError.
    signal.addEventListener('abort', () => answer.reject(new AbortedError()));
    calls.push({ signal, answer });
    return answer.promise;
  };
  return { calls, fn };
}

describe('Resource', () => {
  it('loads: loading while on the way, then the data', async () => {
    const r = new Resource<string[]>([]);
    expect(r.status).toBe('idle');
    const { calls, fn } = scripted<string[]>();
    const done = r.load(fn);
    expect(r.loading).toBe(true);
    expect(r.status).toBe('loading');
    calls[0].answer.resolve(['a']);
    expect(await done).toEqual(['a']);
    expect(r.data).toEqual(['a']);
    expect(r.loading).toBe(false);
    expect(r.status).toBe('ready');
  });

  it('the latest request wins: a slow earlier answer never overwrites a later one', async () => {
    const r = new Resource<string | null>(null);
    const slow = deferred<string>();
    const first = r.load(() => slow.promise);
    const second = r.load(async () => 'product B');
    expect(await second).toBe('product B');
    // The first call's answer arrives after the second's.
    slow.resolve('product A');
    expect(await first).toBeUndefined();
    expect(r.data).toBe('product B');
    expect(r.loading).toBe(false);
    expect(r.error).toBeNull();
  });

  it('aborts the earlier request when a newer one starts, and its abort is not an error', async () => {
    const r = new Resource<number>(0);
    const { calls, fn } = scripted<number>();
    const first = r.load(fn);
    const second = r.load(fn);
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].signal.aborted).toBe(false);
    expect(await first).toBeUndefined();
    expect(r.loading).toBe(true);
    calls[1].answer.resolve(2);
    expect(await second).toBe(2);
    expect(r.error).toBeNull();
  });

  it('a failure of an older request, arriving after the newer answer, changes nothing', async () => {
    const r = new Resource<string>('');
    const slow = deferred<string>();
    const first = r.load(() => slow.promise);
    await r.load(async () => 'new');
    slow.reject(new ApiError(500, 'boom'));
    await first;
    expect([r.data, r.error, r.status]).toEqual(['new', null, 'ready']);
  });

  it('an error always ends in the error state (no spinner left), also when fn throws at once', async () => {
    const r = new Resource<string>('kept');
    const seen: boolean[] = [];
    autorun(() => seen.push(r.loading));
    expect(await r.load(() => Promise.reject(new ApiError(503, 'down', undefined, undefined, 'counts_unavailable')))).toBeUndefined();
    expect(r.status).toBe('error');
    expect((r.error as ApiError).code).toBe('counts_unavailable');
    // The data of the last answer stays (the screen decides whether to show it beside the error).
    expect(r.data).toBe('kept');
    await r.load(() => {
      throw new Error('sync');
    });
    expect([r.loading, r.error?.message]).toEqual([false, 'sync']);
    expect(seen).toEqual([false, true, false, true, false]);
  });

  it('a new load clears the previous error; reset forgets data and error and aborts what is on the way', async () => {
    const r = new Resource<number[]>([]);
    await r.load(() => Promise.reject(new Error('x')));
    const { calls, fn } = scripted<number[]>();
    const p = r.load(fn);
    expect(r.error).toBeNull();
    r.reset();
    expect(calls[0].signal.aborted).toBe(true);
    expect(await p).toBeUndefined();
    expect([r.data, r.loading, r.error, r.status]).toEqual([[], false, null, 'idle']);
  });

  it('abort ends loading and keeps the data; set replaces the data', async () => {
    const r = new Resource<string>('a');
    const { calls, fn } = scripted<string>();
    const p = r.load(fn);
    r.abort();
    expect(calls[0].signal.aborted).toBe(true);
    await p;
    expect([r.data, r.loading, r.error]).toEqual(['a', false, null]);
    r.set('b');
    expect([r.data, r.status]).toEqual(['b', 'ready']);
  });

  it('with the ApiClient: the signal reaches fetch, and the aborted call rejects with an AbortedError and no banner', async () => {
    const banners: string[] = [];
    const api = new ApiClient({ context: () => null, showBanner: (m) => banners.push(m), refreshLogin: () => undefined });
    const signals: AbortSignal[] = [];
    const answers: ReturnType<typeof deferred<Response>>[] = [];
    globalThis.fetch = ((_url: string, init: RequestInit) => {
      const a = deferred<Response>();
      init.signal!.addEventListener('abort', () => a.reject(new DOMException('The operation was aborted.', 'AbortError')));
      signals.push(init.signal!);
      answers.push(a);
      return a.promise;
    }) as unknown as typeof fetch;
    const r = new Resource<string | null>(null);
    const first = r.load((signal) => api.get<{ data: string }>('/api/v1/x?p=1', { signal }).then((b) => b.data));
    const second = r.load((signal) => api.get<{ data: string }>('/api/v1/x?p=2', { signal }).then((b) => b.data));
    expect(signals[0].aborted).toBe(true);
    answers[1].resolve(new Response(JSON.stringify({ data: 'two' }), { headers: { 'content-type': 'application/json' } }));
    expect(await second).toBe('two');
    expect(await first).toBeUndefined();
    await expect(api.get('/api/v1/x', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    expect([r.data, r.error, banners]).toEqual(['two', null, []]);
  });

  it('settle turns a rejection into a value', async () => {
    expect(await settle(Promise.reject(new Error('no')), (e) => (e as Error).message)).toBe('no');
    expect(await settle(Promise.resolve(1), () => 0)).toBe(1);
  });
});
