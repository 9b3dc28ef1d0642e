import { defineEndpoint, defineServerPlugin, typed } from '@discovery/plugin-api';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import * as z from 'zod';
import { firstNul } from './app';
import { handle } from './endpoints';
import type { ServerCore } from './types';

/** A request the test holds open: its handler waits for `open()`. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}
let held = gate();

const IN_PRODUCT = { permission: 'signed-in', scope: 'product' } as const;
const probeEndpoints = {
  /** A count route that declares it: its slot is taken before anything runs. */
  held: defineEndpoint({ method: 'POST', path: '/api/v1/probe/held', access: IN_PRODUCT, counts: true, response: typed<{ ok: true }>() }),
  /** A route that counts without declaring it: limited at its first count, and charged to one budget per request. */
  undeclared: defineEndpoint({
    method: 'POST',
    path: '/api/v1/probe/undeclared',
    access: IN_PRODUCT,
    body: z.object({ groups: z.number().int().min(1).max(1000) }),
    response: typed<{ people: number[] }>(),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/v1/probe/upload',
    access: IN_PRODUCT,
    upload: { field: 'file', maxBytes: 64 * 1024 },
    response: typed<{ bytes: number }>(),
  }),
};

const probe = defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'probe',
  register(router, core) {
    handle(router, probeEndpoints.held, async () => {
      await held.opened;
      return { ok: true as const };
    });
    handle(router, probeEndpoints.undeclared, async ({ body }) => {
      const e = await core.counts();
      const ids = e.manifest.segments.filter((s) => !s.deleted).map((s) => s.short_id);
      // Two calls of `groups` OR groups of 50 segments each.
      const rule = {
        include: { and: Array.from({ length: body.groups }, (_, k) => ({ or: Array.from({ length: 50 }, (_, i) => ids[(k + i) % ids.length]) })) },
      };
      const people = [await e.ruleCount(rule), await e.ruleCount(rule)];
      return { people };
    });
    handle(router, probeEndpoints.upload, async ({ form }) => ({ bytes: form.file?.data.length ?? -1 }));
  },
});

const CONTEXT = 'acme/us/fizz-cola/fizz-zero';

describe('nothing a user sends stalls the server (issue 25)', () => {
  let t: TestServer;
  let admin: TestSession;
  let planner: TestSession;
  let ids: string[];
  let adminId: number;
  beforeAll(async () => {
    t = await createTestServer({ plugins: [probe], population: { people: 60_000, seed: 5 }, config: { countConcurrency: 2, countBudget: 20_000 } });
    [admin, planner] = await Promise.all([t.login('admin@example.com'), t.login('planner@example.com')]);
    ids = (await t.core.counts()).manifest.segments.filter((s) => !s.deleted && !s.expired).map((s) => s.short_id);
    [{ id: adminId }] = await t.core.query<{ id: number }>("select id from users where email = 'admin@example.com'");
  }, 120_000);
  afterAll(() => t?.close());

  const post = async (who: TestSession, path: string, body: unknown = {}) => {
    const res = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: who.headers({ 'content-type': 'application/json', 'x-context': CONTEXT }),
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  /** A rule of `groups` OR groups of `size` segments each. */
  const rule = (groups: number, size: number) => ({
    include: { and: Array.from({ length: groups }, (_, g) => ({ or: Array.from({ length: size }, (_, i) => ids[(g * 7 + i) % ids.length]) })) },
  });

  it('counts never run on the event loop: the server opens worker threads even for a one-shard population', async () => {
    const e = await t.core.counts();
    expect(e.manifest.shards).toBe(1);
    expect(e.threads).toBeGreaterThanOrEqual(1);
  });

  it('a ping is answered while heavy counts run on the workers (it finishes before them)', async () => {
    const e = await t.core.counts();
    let finished = 0;
    // Two users, each at their limit, each asking the heaviest rule the budget allows.
    const heavy = [admin, admin, planner, planner].map((who) =>
      post(who, '/api/v1/counts/rule', { rules: { ...rule(50, 200), exclude: { and: [] } } }).then((r) => {
        finished++;
        return r;
      }),
    );
    // Wait for the state: the counts are on the workers (inline counting would never show it).
    while (e.busy === 0 && finished < heavy.length) await new Promise((r) => setTimeout(r, 1));
    const ping = await fetch(`${t.url}/api/v1/ping`);
    expect([ping.status, finished < heavy.length]).toEqual([200, true]);
    expect((await Promise.all(heavy)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('a request over the count budget is refused before any work: 422 naming the limit', async () => {
    // 101 markets of 200 segments: 20,200 references on one shard, over 20,000.
    const markets = Object.fromEntries(Array.from({ length: 101 }, (_, m) => [`m${m}`, Array.from({ length: 200 }, (_, i) => ids[(m + i) % ids.length])]));
    const r = await post(admin, '/api/v1/segments/counts', { matched_short_ids: markets });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe(
      'This count is too large: it needs 20,200 units of work (segments and rule-group entries × population shards), over the limit of 20,000 per request. Use fewer segments, markets, audiences or rule groups.',
    );
    expect(r.body.count_budget).toEqual({ cost: 20200, limit: 20000 });
    // The budget is the request's, over every engine call it makes: 20,000 in one rule passes.
    expect((await post(admin, '/api/v1/counts/rule', { rules: { ...rule(50, 200), exclude: { and: [] } } })).status).toBe(200);
  });

  it('a user past their count calls at once gets 429 with Retry-After; another user and a route that counts without declaring it follow the same limit', async () => {
    held = gate();
    const slots = t.server.app.discoveryOptions.countSlots;
    const first = [post(admin, '/api/v1/probe/held'), post(admin, '/api/v1/probe/held')];
    // Wait for the state: both calls hold their slots.
    while (slots.runningFor(`user:${adminId}`) < 2) await new Promise((r) => setTimeout(r, 2));
    const third = await post(admin, '/api/v1/counts/rule', { rules: rule(1, 2) });
    expect([third.status, third.headers.get('retry-after'), third.body.error.message]).toEqual([
      429,
      '1',
      'You already have 2 audience counts running, the most one user may have at once. Please try again when one has finished.',
    ]);
    // A route that did not declare `counts` is stopped at its first count.
    expect((await post(admin, '/api/v1/probe/undeclared', { groups: 3 })).status).toBe(429);
    // Another user is not held up.
    expect((await post(planner, '/api/v1/counts/rule', { rules: rule(1, 2) })).status).toBe(200);
    held.open();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    expect(slots.runningFor(`user:${adminId}`)).toBe(0);
    const after = await post(admin, '/api/v1/probe/undeclared', { groups: 3 });
    expect(after.status).toBe(200);
    expect(after.body.people[0]).toBe(after.body.people[1]);
  });

  it("a request's engine calls share one budget, declared or not: two calls of 10,050 are refused at the second", async () => {
    const r = await post(admin, '/api/v1/probe/undeclared', { groups: 201 });
    expect([r.status, r.body.count_budget]).toEqual([422, { cost: 20100, limit: 20000 }]);
    // Outside a request (a job, a tool) each call has a budget of its own.
    const e = await t.core.counts();
    const one = { include: { and: Array.from({ length: 201 }, (_, k) => ({ or: Array.from({ length: 50 }, (_, i) => ids[(k + i) % ids.length]) })) } };
    expect(await e.ruleCount(one)).toBe(await e.ruleCount(one));
    await expect(e.ruleCount({ include: { and: [...one.include.and, ...one.include.and] } })).rejects.toMatchObject({ name: 'CountBudgetError', limit: 20000 });
  });

  it('the NUL guard reads parsed JSON and query values only, never the bytes of an upload', () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024);
    expect(firstNul(bytes, '')).toBeNull();
    expect(firstNul(new Uint8Array(10), '')).toBeNull();
    expect(firstNul({ a: [{ b: 'x\u0000' }] }, '')).toBe('a.0.b');
  });

  it('413 names the route limit and is answered before the connection closes (a browser still sending reads it)', async () => {
    const { port } = new URL(t.url);
    const boundary = 'XyZ';
    const payload = Buffer.alloc(8 * 1024 * 1024, 0x41);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), payload, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const answer = await new Promise<{ text: string; reset: boolean }>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      let reset = false;
      socket.on('data', (d) => (text += d.toString('latin1')));
      socket.on('error', () => (reset = true));
      socket.on('close', () => resolve({ text, reset }));
      const headers = admin.headers({
        'x-context': CONTEXT,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      });
      socket.write(
        `POST /api/v1/probe/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      );
      // The whole body, as a browser sends it, whatever the server answers meanwhile.
      socket.end(body);
    });
    expect(answer.reset).toBe(false);
    expect(answer.text).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.text).toContain('"message":"The file is too large: this upload takes at most 64 KB."');
    // Within the limit the file part arrives whole.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(1000)]), 'a.bin');
    const ok = await fetch(`${t.url}/api/v1/probe/upload`, { method: 'POST', headers: admin.headers({ 'x-context': CONTEXT }), body: form });
    expect(await ok.json()).toEqual({ bytes: 1000 });
  });
});
