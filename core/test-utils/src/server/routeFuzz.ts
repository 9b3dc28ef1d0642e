import type { RouteRecord } from '@discovery/server';
import type { $ZodType } from 'zod/v4/core';
import type { TestServer, TestSession } from './index';
import { apiRoutes, fillPath, neutralParam, productContexts, seeded } from './routes';
import { rowCounter } from './rowCounter';

/**
 * The route fuzzer (issue 12 §2): every route of the server's own table gets hostile input in its
 * path params, query and body (out-of-range and non-integer ids, NUL and other control characters,
 * very long strings, wrong types, deep and huge JSON, duplicate keys, `__proto__`), with a fixed
 * seed and a time budget; an upload endpoint also gets multipart bodies, large and malformed. It
 * asserts that no answer is a 5xx (a 503 aside) or shows a stack trace, and that a refused write
 * leaves no row behind. Every plugin in the build is fuzzed without asking.
 */

export interface FuzzFinding {
  route: string;
  input: string;
  problem: string;
  status: number;
  body: string;
}

export interface FuzzOptions {
  seed?: number;
  /** Wall-clock budget after the first deterministic round (which always runs in full). */
  budgetMs?: number;
  /** Routes never fuzzed: they end the fuzzer's own session. */
  skip?: (r: RouteRecord) => boolean;
}

export interface FuzzResult {
  routes: number;
  requests: number;
  refusedWrites: number;
  /** Times every table was counted: only when a write may have changed rows (rowCounter). */
  rowCounts: number;
  /** Routes ('METHOD url') where an accepted write changed rows, each checked for its audit rows (issue 32 §4). */
  auditedRoutes: string[];
  findings: FuzzFinding[];
}

const LONG = 'x'.repeat(100_000);
/** Values that have broken servers: every leaf of a body and every query value gets some. */
const HOSTILE_VALUES: unknown[] = [
  2147483648,
  -1,
  0,
  1.5,
  1e308,
  -2147483649,
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b\u007f',
  LONG,
  "' or 1=1 --",
  '%00',
  '2147483648',
  '1.5',
  '\ud800',
  '😀'.repeat(500),
  null,
  true,
  [],
  {},
  [null],
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  Array.from({ length: 5000 }, (_, i) => i),
];
const HOSTILE_PARAMS = ['2147483648', '1.5', '-1', '0', 'abc', '\u0000', '%', '1e3', ' 1', 'x'.repeat(3000), '..', '99999999999999999999'];
/** Whole bodies that are not what any route expects. */
function hostileBodies(): { label: string; raw: string }[] {
  let deep = '0';
  for (let i = 0; i < 3000; i++) deep = `{"a":${deep}}`;
  let deepArr = '0';
  for (let i = 0; i < 3000; i++) deepArr = `[${deepArr}]`;
  return [
    { label: 'null body', raw: 'null' },
    { label: 'string body', raw: '"text"' },
    { label: 'array body', raw: '[1,2,3]' },
    { label: 'number body', raw: '2147483648' },
    { label: 'deep object', raw: deep },
    { label: 'deep array', raw: deepArr },
    { label: 'huge array', raw: `[${Array.from({ length: 100_000 }, () => '1').join(',')}]` },
    { label: '__proto__ key', raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}' },
    { label: 'duplicate keys', raw: '{"id":1,"id":"x","name":"a","name":"\\u0000"}' },
    { label: 'truncated JSON', raw: '{"a":' },
  ];
}

/**
 * Multipart bodies for upload endpoints (issue 25: a 5 MB upload once stalled every request): a
 * file that fits, one near the limit, one past it, and malformed framing of every kind. Each is
 * `[label, content-type, body]`; `field` is the endpoint's file part.
 */
function multipartBodies(field: string, maxBytes: number, rand: () => number): { label: string; contentType: string; body: Buffer }[] {
  const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const type = `multipart/form-data; boundary=${b}`;
  const part = (name: string, data: Buffer | string, filename?: string, extraHead = '') =>
    Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${extraHead}\r\n`),
      Buffer.isBuffer(data) ? data : Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${b}--\r\n`);
  const noise = (n: number) => {
    // A word per draw, stored as whole words: megabytes of it, so no call per byte.
    const words = new Uint32Array(Math.ceil(n / 4));
    for (let i = 0; i < words.length; i++) words[i] = rand() * 2 ** 32;
    return Buffer.from(words.buffer, 0, n);
  };
  const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return [
    { label: 'multipart: a small file', contentType: type, body: Buffer.concat([part(field, noise(512), 'fuzz.xls'), end]) },
    {
      label: 'multipart: a file near the limit',
      contentType: type,
      body: Buffer.concat([part(field, Buffer.concat([ole, noise(Math.max(0, maxBytes - 4096))]), 'fuzz.xls'), end]),
    },
    { label: 'multipart: past the limit', contentType: type, body: Buffer.concat([part(field, noise(maxBytes + 1024), 'fuzz.xls'), end]) },
    {
      label: 'multipart: NUL bytes and a NUL in the file name',
      contentType: type,
      body: Buffer.concat([part(field, Buffer.alloc(4096), 'fu\u0000zz.xls'), end]),
    },
    {
      label: 'multipart: text parts with control characters beside the file',
      contentType: type,
      body: Buffer.concat([part('name', 'a\u0000b\u202e'), part('description', 'x'.repeat(100_000)), part(field, noise(64), 'f.xls'), end]),
    },
    { label: 'multipart: no closing delimiter', contentType: type, body: part(field, noise(2048), 'fuzz.xls') },
    {
      label: 'multipart: headers that never end',
      contentType: type,
      body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="x.xls"\r\n${'X-Pad: y\r\n'.repeat(2000)}`),
    },
    {
      label: 'multipart: another boundary than the header names',
      contentType: 'multipart/form-data; boundary=other',
      body: Buffer.concat([part(field, noise(256), 'f.xls'), end]),
    },
    { label: 'multipart: no boundary', contentType: 'multipart/form-data', body: Buffer.concat([part(field, noise(256), 'f.xls'), end]) },
    { label: 'multipart: a 10,000-part body', contentType: type, body: Buffer.concat([...Array.from({ length: 10_000 }, (_, i) => part(`p${i}`, 'v')), end]) },
    {
      label: 'multipart: the file part twice, the first without a file name',
      contentType: type,
      body: Buffer.concat([part(field, 'plain'), part(field, noise(100), '../../etc/passwd.xls'), end]),
    },
    { label: 'multipart: an empty body', contentType: type, body: Buffer.alloc(0) },
    { label: 'multipart: random bytes', contentType: type, body: noise(8192) },
  ];
}

let uniq = 0;
/** A string that suits a field's name (an address, an email), different on every call (unique names). */
function stringFor(key: string, format?: unknown): string {
  const n = ++uniq;
  if (format === 'email' || /email/i.test(key)) return `fuzz${n}@example.com`;
  if (format === 'url' || /url|link|href/i.test(key)) return `https://example.com/fuzz/${n}`;
  if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (/slug/i.test(key)) return `fuzz-${n}`;
  return `fuzz ${n}`;
}

/**
 * A plausible value for a schema (valid where it can be), so mutations reach past the outer
 * checks: 'full' fills optional fields too, 'minimal' leaves them out (a new record has no id).
 */
export function sampleOf(schema: $ZodType | undefined, mode: 'full' | 'minimal' = 'full', key = '', depth = 0): unknown {
  if (!schema || depth > 12) return stringFor(key);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const sub = (s: unknown, k = key) => sampleOf(s as $ZodType, mode, k, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFor(key, def.format);
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      const isOptional = (v: $ZodType) => ['optional', 'default', 'prefault'].includes((v as unknown as { _zod: { def: { type: string } } })._zod.def.type);
      return Object.fromEntries(
        Object.entries(shape)
          .filter(([, v]) => mode === 'full' || !isOptional(v))
          .map(([k, v]) => [k, sub(v, k)]),
      );
    }
    case 'array':
      return [sub(def.element)];
    case 'record':
      return { key: sub(def.valueType) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sub(def.innerType);
    case 'union':
      return sub((def.options as $ZodType[])[0]);
    case 'pipe':
      return sub(def.in);
    case 'lazy':
      return sub((def.getter as () => $ZodType)());
    default:
      return stringFor(key);
  }
}

/** Every path to a leaf (or an empty container) of a JSON value. */
function leafPaths(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(v) && v.length) v.forEach((x, i) => leafPaths(x, [...path, i], out));
  else if (v && typeof v === 'object' && Object.keys(v).length) for (const [k, x] of Object.entries(v)) leafPaths(x, [...path, k], out);
  else out.push(path);
  return out;
}

function withValueAt(v: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy = JSON.parse(JSON.stringify(v)) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[path[path.length - 1]] = value;
  return copy;
}

/** Core's bookkeeping, which the audit trigger leaves out (migration 0006_audit). */
const UNAUDITED = ['audit_log', 'jobs', 'discovery_migrations', 'discovery_seeds'];

const STACK = /\n\s+at \S|node_modules|\.ts:\d+:\d+|TypeError|ReferenceError|SyntaxError: Unexpected/;

export async function fuzzRoutes(t: TestServer, session: TestSession, opts: FuzzOptions = {}): Promise<FuzzResult> {
  const rand = seeded(opts.seed ?? 20261126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const contexts = await productContexts(t.core);
  const context = [...contexts.values()][0];
  const tables = (
    await t.core.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
    )
  ).map((r) => r.table_name);
  const rows = rowCounter(t.core, tables);

  const findings: FuzzFinding[] = [];
  let requests = 0;
  let refusedWrites = 0;
  const audited = new Set<string>();
  const routes = apiRoutes(t.server.routes).filter((r) => !(opts.skip?.(r) ?? false));

  const send = async (r: RouteRecord, label: string, path: string, rawBody?: string | Buffer, contentType = 'application/json') => {
    const isWrite = r.method !== 'GET';
    const before = isWrite ? await rows.counts() : null;
    const requestId = `fuzz-${requests + 1}`;
    const headers: Record<string, string> = session.headers({ 'X-Context': context, 'X-Request-ID': requestId });
    if (rawBody !== undefined) headers['content-type'] = contentType;
    requests++;
    let status: number;
    let text: string;
    try {
      const res = await fetch(`${t.url}${path}`, {
        method: r.method,
        headers,
        body: rawBody === undefined ? undefined : new Uint8Array(Buffer.from(rawBody)),
        redirect: 'manual',
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      findings.push({ route: `${r.method} ${r.url}`, input: label, problem: `no answer: ${(e as Error).message}`, status: 0, body: '' });
      return;
    }
    const route = `${r.method} ${r.url}`;
    if (status >= 500 && status !== 503) findings.push({ route, input: label, problem: `answered ${status}`, status, body: text.slice(0, 300) });
    if (STACK.test(text)) findings.push({ route, input: label, problem: 'the answer shows a stack trace or source path', status, body: text.slice(0, 300) });
    // Issue 32 §4: a write that changed rows left audit rows under its request id (core's trigger).
    if (before && status < 400) {
      const after = await rows.counts();
      const changed = tables.filter((n) => !UNAUDITED.includes(n) && after[n] !== before[n]);
      const [{ n }] = await t.core.query<{ n: number }>('select count(*)::int as n from audit_log where request_id = $1', [requestId]);
      if (changed.length) audited.add(route);
      if (changed.length && Number(n) === 0) {
        findings.push({
          route,
          input: label,
          problem: `rows changed in ${changed.join(', ')} but no audit row names request ${requestId}`,
          status,
          body: text.slice(0, 300),
        });
      }
    }
    if (before && status >= 400) {
      refusedWrites++;
      const after = await rows.counts();
      const changed = tables.filter((n) => after[n] !== before[n]);
      if (changed.length) {
        findings.push({
          route,
          input: label,
          problem: `refused (${status}) but rows changed in ${changed.map((n) => `${n} ${before[n]} -> ${after[n]}`).join(', ')}`,
          status,
          body: text.slice(0, 300),
        });
      }
    }
  };

  const neutralPath = (r: RouteRecord) => fillPath(r.url, (n) => neutralParam(r, n));
  const withQuery = (path: string, q: Record<string, unknown>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) s.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    return `${path}?${s.toString()}`;
  };
  const bodies = hostileBodies();
  const hasBody = (r: RouteRecord) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';

  /** The inputs of one route: deterministic ones first, then seeded random mutations. */
  function* inputs(r: RouteRecord, round: number): Generator<{ label: string; path: string; body?: string | Buffer; contentType?: string }> {
    const upload = r.endpoint?.upload;
    if (upload && round === 0) {
      for (const m of multipartBodies(upload.field, upload.maxBytes, rand))
        yield { label: m.label, path: livePaths.get(r) ?? neutralPath(r), body: m.body, contentType: m.contentType };
    }
    const params = [...r.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    const sample = sampleOf(r.endpoint?.body, rand() < 0.5 ? 'minimal' : 'full');
    const body = hasBody(r) ? JSON.stringify(sample) : undefined;
    const qSample = (sampleOf(r.endpoint?.query) ?? {}) as Record<string, unknown>;
    if (round === 0) {
      for (const p of params) {
        for (const v of HOSTILE_PARAMS) {
          yield { label: `param ${p}=${JSON.stringify(v.slice(0, 20))}`, path: fillPath(r.url, (n) => (n === p ? v : neutralParam(r, n))), body };
        }
      }
      if (hasBody(r)) for (const b of bodies) yield { label: b.label, path: neutralPath(r), body: b.raw };
      yield { label: 'unknown query keys', path: withQuery(neutralPath(r), { __proto__x: '1', 'a[b]': '\u0000', limit: '99999999999' }), body };
      return;
    }
    const queryKeys = Object.keys(typeof qSample === 'object' && qSample ? qSample : {});
    for (const k of queryKeys) {
      const v = pick(HOSTILE_VALUES);
      yield { label: `query ${k}=${JSON.stringify(v)?.slice(0, 40)}`, path: withQuery(neutralPath(r), { ...qSample, [k]: v }), body };
    }
    if (hasBody(r)) {
      const leaves = leafPaths(sample);
      for (let i = 0; i < Math.min(6, leaves.length * 2); i++) {
        const at = pick(leaves);
        const v = pick(HOSTILE_VALUES);
        yield {
          label: `body ${at.join('.') || '(root)'}=${JSON.stringify(v)?.slice(0, 40)}`,
          path: neutralPath(r),
          body: JSON.stringify(withValueAt(sample, at, v)),
        };
      }
    }
  }

  // An upload's multipart bodies go to a resource that exists, so they reach the file's reading: the
  // first small id the route does not answer 404 to (an empty body is refused, writing nothing).
  const livePaths = new Map<RouteRecord, string>();
  for (const r of routes.filter((x) => x.endpoint?.upload)) {
    for (let id = 1; id <= 50; id++) {
      const path = fillPath(r.url, (n) => (/^(id|.*Id|.*_id)$/.test(n) ? String(id) : neutralParam(r, n)));
      const res = await fetch(`${t.url}${path}`, {
        method: r.method,
        headers: session.headers({ 'X-Context': context, 'content-type': 'multipart/form-data; boundary=x' }),
        body: '--x--\r\n',
      });
      await res.arrayBuffer();
      if (res.status !== 404) {
        livePaths.set(r, path);
        break;
      }
    }
  }

  const result = (): FuzzResult => ({ routes: routes.length, requests, refusedWrites, rowCounts: rows.reads(), auditedRoutes: [...audited].sort(), findings });
  // Round 0 covers every route deterministically; further rounds mutate at random until the budget ends.
  const deadline = { at: Infinity };
  for (let round = 0; ; round++) {
    if (round === 1) deadline.at = Date.now() + (opts.budgetMs ?? 30_000);
    let sent = 0;
    for (const r of routes) {
      for (const input of inputs(r, round)) {
        if (round > 0 && Date.now() > deadline.at) return result();
        await send(r, input.label, input.path, input.body, input.contentType);
        sent++;
      }
    }
    if (round > 0 && sent === 0) break;
    if (round > 50) break;
  }
  return result();
}
