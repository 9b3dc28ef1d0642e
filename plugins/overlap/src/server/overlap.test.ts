import { filterFixture } from '@discovery/insights-kit/testing';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import * as XLSX from '@e965/xlsx';
import type { ComparisonCountsDto, ComparisonDto, ComparisonInput, ComparisonListDto } from '../common';
import overlapServer from './index';

const ACME = 'acme/us/fizz-cola/fizz-zero';
const ACME_CLASSIC = 'acme/us/fizz-cola/fizz-classic';
const GLOBEX = 'globex/de/globex-home/home-essentials';

const entries = (prefix: string, from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ short_id: `${prefix}-${String(from + i).padStart(4, '0')}`, name: `${prefix} ${from + i}` }));
const chart = (over: Partial<ComparisonInput> = {}): ComparisonInput => ({
  name: 'Ages by media',
  mode: 'matched',
  default: false,
  is_people_count: false,
  x_axis_name: 'Age',
  y_axis_name: 'Media',
  x_segments: entries('dmx', 1, 6),
  y_segments: entries('mp', 1, 4),
  ...over,
});

describe('overlap API (comparisons) over a generated population', () => {
  let s: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let deleted: string;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [overlapServer], population: { people: 30_000, seed: 42 } });
    [planner, viewer] = await Promise.all([s.login('planner@example.com'), s.login('viewer@example.com')]);
    const e = await s.core.counts();
    deleted = e.manifest.segments.find((x) => x.deleted)!.short_id;
  }, 120_000);
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, context: string, body?: unknown) => {
    const res = await fetch(`${s.url}/api/v1/overlap/comparisons${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: (type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as any };
  };
  const create = async (over: Partial<ComparisonInput> = {}, ctx = ACME) => call(planner, 'POST', '', ctx, { comparison: chart(over) });
  /** A chart holding a segment the provider no longer has (written as the provider's removal leaves it). */
  const withInvalid = async (name: string, x: { short_id: string; name: string }[], y: { short_id: string; name: string }[]) => {
    const [{ id: productId }] = await s.core.query<{ id: number }>("select id from products where slug = 'fizz-zero'");
    const order = (l: typeof x) => JSON.stringify(l.map((e, i) => ({ ...e, order: i })));
    const [r] = await s.core.query<{ id: number }>(
      `insert into overlap_comparisons (product_id, name, mode, x_segments, y_segments) values ($1, $2, 'matched', $3, $4) returning id`,
      [productId, name, order(x), order(y)],
    );
    return Number(r.id);
  };

  it('demo seed: one comparison per demo product', async () => {
    const [{ n }] = await s.core.query<{ n: number }>('select count(*)::int as n from products');
    const [{ m }] = await s.core.query<{ m: number }>('select count(distinct product_id)::int as m from overlap_comparisons');
    expect(m).toBe(n);
    const list = (await call(viewer, 'GET', '', ACME)).body as ComparisonListDto;
    expect(list.data.map((c) => c.name)).toEqual(['Media habits by age']);
    expect(list.data[0].x_segments.map((e) => e.name)).toEqual(['Age 18-24', 'Age 25-34', 'Age 35-44', 'Age 45-54', 'Age 55-64', 'Age 65+']);
    expect(list.default_id).toBe(0);
  });

  it('SRV-104 / SRV-107 save, fetch, list per product; default is per user and 0 means none (OVL-006)', async () => {
    const res = await create({ default: true, x_segments: [{ short_id: 'dmx-0001', name: '  Young  ' }, ...entries('dmx', 2, 2)] });
    expect(res.status).toBe(201);
    const c = res.body.data as ComparisonDto;
    expect(res.body.default_id).toBe(c.id);
    expect(c).toMatchObject({ name: 'Ages by media', mode: 'matched', default: true, x_axis_name: 'Age', invalid_identifiers: [] });
    expect(c.x_segments).toEqual([
      { short_id: 'dmx-0001', name: 'Young', order: 0 },
      { short_id: 'dmx-0002', name: 'dmx 2', order: 1 },
      { short_id: 'dmx-0003', name: 'dmx 3', order: 2 },
    ]);
    expect((await call(planner, 'GET', `/${c.id}`, ACME)).body.data.default).toBe(true);
    // The viewer reads it, but it is not the viewer's default.
    const asViewer = await call(viewer, 'GET', '', ACME);
    expect(asViewer.body.default_id).toBe(0);
    expect(asViewer.body.data.map((x: ComparisonDto) => x.name)).toEqual(['Ages by media', 'Media habits by age']);
    // Another product does not see it.
    expect((await call(planner, 'GET', `/${c.id}`, ACME_CLASSIC)).status).toBe(404);
    // Saved again with default false: no default.
    const off = await call(planner, 'PUT', `/${c.id}`, ACME, { comparison: chart({ default: false }) });
    expect(off.status).toBe(200);
    expect(off.body.default_id).toBe(0);
    await call(planner, 'DELETE', `/${c.id}`, ACME);
  });

  it('OVL-044 title required and unique (trimmed, case-insensitive, excluding itself) with the spec messages', async () => {
    const empty = await create({ name: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe('Chart Title is required.');
    const first = (await create({ name: 'Unique one' })).body.data as ComparisonDto;
    const dup = await create({ name: ' UNIQUE ONE ' });
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toBe('Chart Title must be unique.');
    expect(dup.body.error.fields['comparison.name']).toBe('Chart Title must be unique.');
    // Itself is no clash; the same title in another product is fine.
    expect((await call(planner, 'PUT', `/${first.id}`, ACME, { comparison: chart({ name: 'unique one' }) })).status).toBe(200);
    expect((await create({ name: 'Unique one' }, ACME_CLASSIC)).status).toBe(201);
  });

  it('OVL-045 / OVL-046 / OVL-047 / SRV-104 one to twelve segments per axis, names non-empty, mode known', async () => {
    const noX = await create({ name: 'No X', x_segments: [] });
    expect(noX.body.error.message).toBe('Must select at least one segment for X-Axis.');
    const noY = await create({ name: 'No Y', y_segments: [] });
    expect(noY.body.error.message).toBe('Must select at least one segment for Y-Axis.');
    const many = await create({ name: 'Many', x_segments: entries('ig', 1, 13) });
    expect(many.status).toBe(422);
    expect(many.body.error.message).toBe('Select at most 12 segments for X-Axis.');
    const blank = await create({ name: 'Blank', y_segments: [{ short_id: 'mp-0001', name: ' ' }] });
    expect(blank.body.error.message).toBe('Name is required.');
    expect(blank.body.error.fields['comparison.y_segments.0.name']).toBe('Name is required.');
    const mode = await call(planner, 'POST', '', ACME, { comparison: { ...chart({ name: 'Mode' }), mode: 'venn' } });
    expect(mode.body.error.message).toBe('Chart Type must be Matched, Modeled or Index.');
    // OVL-034: Modeled is a tier 3 chart type.
    expect((await create({ name: 'Modeled', mode: 'modeled' })).body.error.message).toBe('Modeled charts are available in tier 3 only.');
    const unknown = await create({ name: 'Unknown', x_segments: [{ short_id: deleted, name: 'Gone' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain(deleted);
  });

  it('permissions per route: the viewer reads but cannot create, edit, copy or delete; other clients are refused', async () => {
    const mine = (await create({ name: 'Guarded' })).body.data as ComparisonDto;
    expect((await call(viewer, 'POST', '', ACME, { comparison: chart({ name: 'Viewer' }) })).status).toBe(403);
    expect((await call(viewer, 'PUT', `/${mine.id}`, ACME, { comparison: chart({ name: 'Viewer' }) })).status).toBe(403);
    expect((await call(viewer, 'POST', `/${mine.id}/duplicate`, ACME)).status).toBe(403);
    expect((await call(viewer, 'DELETE', `/${mine.id}`, ACME)).status).toBe(403);
    expect((await call(viewer, 'GET', '', GLOBEX)).status).toBe(403);
    expect((await call(viewer, 'GET', `/${mine.id}`, ACME)).status).toBe(200);
  });

  it('SRV-105 counts: cells in the shape of 002 §3, regional and global counts, both directions add up', async () => {
    const x = entries('dmx', 1, 6).map((e) => e.short_id);
    const y = entries('mp', 1, 6).map((e) => e.short_id);
    const res = await call(viewer, 'POST', '/counts', ACME, { x_axis_ids: x, y_axis_ids: y, is_index: false, is_modeled: false, service_type: 'overlap' });
    expect(res.status).toBe(200);
    const d = res.body as ComparisonCountsDto;
    expect(d.cells).toHaveLength(36);
    expect(Object.keys(d.cells[0]).sort()).toEqual(['count', 'index_value', 'percent_value', 'x', 'y']);
    expect(res.headers.get('server-timing')).toMatch(/^counts;dur=\d+(\.\d+)?$/);
    expect(d.min_base).toBe(50);
    // The age bands partition everyone: a column of cells sums to the Y segment's regional count.
    for (const yid of y) expect(d.cells.filter((c) => c.y === yid).reduce((n, c) => n + c.count, 0)).toBe(d.segment_counts[yid]);
    for (const c of d.cells) expect(c.percent_value).toBeCloseTo((c.count / d.segment_counts[c.x]) * 100, 6);
    // Global counts are the whole population's: at least the region's.
    for (const id of [...x, ...y]) expect(d.global_counts[id]).toBeGreaterThanOrEqual(d.segment_counts[id]);
    const bad = await call(viewer, 'POST', '/counts', ACME, { x_axis_ids: [], y_axis_ids: y });
    expect(bad.status).toBe(422);
  });

  it('issue 24 counts by chart id: every cell, label and base equals a brute-force rule count in the same base, within the filter bar', async () => {
    const created = await call(planner, 'POST', '', ACME, {
      comparison: chart({ name: 'Brute force', x_segments: entries('dmx', 1, 3), y_segments: entries('mp', 1, 3) }),
    });
    const id = created.body.data.id as number;
    const e = await s.core.counts();
    const region = e.regionKey('acme', 'us');
    const fixture = filterFixture('dmx-0004', 'dmx-0005', 'mp-0005');
    for (const filters of [[], fixture.filters]) {
      const res = await call(viewer, 'POST', `/${id}/counts`, ACME, { filters });
      expect(res.status).toBe(200);
      const d = res.body as ComparisonCountsDto;
      const groups = filters.length ? fixture.groups : [];
      const count = (ids: string[]) => e.ruleCount({ include: { and: [...ids.map((x) => ({ or: [x] })), ...groups] } }, { kind: 'matched', region });
      expect(d.base).toMatchObject({ region, kind: 'matched', filtered: await count([]) });
      expect(d.population).toBe(d.base!.filtered);
      for (const c of d.cells) {
        expect(c.count).toBe(await count([c.x, c.y]));
        expect(d.segment_counts[c.x]).toBe(await count([c.x]));
        expect(d.segment_counts[c.y]).toBe(await count([c.y]));
      }
    }
    // Counting by id stays in the product: another product's chart is not found.
    expect((await call(viewer, 'POST', `/${id}/counts`, ACME_CLASSIC, { filters: [] })).status).toBe(404);
  });

  it('OVL-052 duplicate: a free title, selected by the client; blocked while the chart has invalid identifiers', async () => {
    const src = (await create({ name: 'To copy' })).body.data as ComparisonDto;
    const copy = await call(planner, 'POST', `/${src.id}/duplicate`, ACME);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ name: 'To copy (copy)', x_segments: src.x_segments, y_segments: src.y_segments, default: false });
    expect((await call(planner, 'POST', `/${src.id}/duplicate`, ACME)).body.data.name).toBe('To copy (copy 2)');
    const broken = await withInvalid('Broken copy', [...entries('dmx', 1, 2), { short_id: deleted, name: 'Gone' }], entries('mp', 1, 2));
    const refused = await call(planner, 'POST', `/${broken}/duplicate`, ACME);
    expect(refused.status).toBe(409);
  });

  it('OVL-053 / OVL-056 invalid identifiers are listed; removal updates the chart, or is refused when an axis would be empty', async () => {
    const fixable = await withInvalid('Fixable', [...entries('dmx', 1, 2), { short_id: deleted, name: 'Gone' }], entries('mp', 1, 2));
    const listed = (await call(planner, 'GET', `/${fixable}`, ACME)).body.data as ComparisonDto;
    expect(listed.invalid_identifiers).toEqual([deleted]);
    const fixed = await call(planner, 'POST', `/${fixable}/remove_invalid_identifiers`, ACME);
    expect(fixed.status).toBe(200);
    expect(fixed.body.message).toBe('Invalid audiences removed.');
    expect(fixed.body.data.x_segments.map((e: { short_id: string }) => e.short_id)).toEqual(['dmx-0001', 'dmx-0002']);
    expect(fixed.body.data.invalid_identifiers).toEqual([]);
    const emptied = await withInvalid('Emptied', entries('dmx', 1, 2), [{ short_id: deleted, name: 'Gone' }]);
    const refused = await call(planner, 'POST', `/${emptied}/remove_invalid_identifiers`, ACME);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Must select at least one segment for Y-Axis.');
    expect((await call(planner, 'GET', `/${emptied}`, ACME)).body.data.invalid_identifiers).toEqual([deleted]);
  });

  it('OVL-024 / SRV-106 export: a workbook with the grid as the chart shows it and one row per cell', async () => {
    const c = (await create({ name: 'Exported', x_segments: entries('dmx', 1, 2), y_segments: entries('mp', 5, 2) })).body.data as ComparisonDto;
    const res = await call(viewer, 'GET', `/${c.id}/export`, ACME);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Exported.xlsx"');
    const wb = XLSX.read(res.body as Buffer, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Overlap', 'Cells']);
    const grid = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.Overlap, { header: 1 });
    expect(grid[0]).toEqual(['Exported']);
    expect(grid[3][0]).toBe('Media \\ Age');
    // The labels are global counts (OVL-025 with is_people_count off), in another base than the cells: they say so.
    expect(grid[3][1]).toMatch(/^dmx 1 \([\d,]+ all regions\)$/);
    expect(grid[4][1]).toMatch(/^\d+% \| [\d,]+$/);
    const cells = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Cells);
    expect(cells).toHaveLength(4);
    expect(Object.keys(cells[0])).toEqual(['X', 'Y', 'X ∩ Y', '% of X in Y', '% of Y in X', 'Index', 'Small base (< 50)']);
  });

  it('delete answers the spec text and clears the default', async () => {
    const c = (await create({ name: 'Doomed', default: true })).body.data as ComparisonDto;
    const del = await call(planner, 'DELETE', `/${c.id}`, ACME);
    expect(del.body.data.message).toBe('Chart deleted successfully!');
    expect((await call(planner, 'GET', '', ACME)).body.default_id).toBe(0);
    expect((await call(planner, 'DELETE', `/${c.id}`, ACME)).status).toBe(404);
  });
});
