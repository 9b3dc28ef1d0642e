import { defineServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { discussionNodeEndpoints as E, type DiscussionClusterNodeDto } from '../common';
import { discussionsServer, maxRowsFromEnv } from './index';

/**
 * A plugin that references nodes the way Grow and Journeys do: a foreign key to
 * discussions_cluster_nodes(id), its comment naming the node's list the rows belong to.
 */
const probe = defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'probe',
  migrations: [
    {
      id: '0001_probe',
      sql: `create table probe_audiences (id serial primary key, node_id integer constraint probe_audiences_node references discussions_cluster_nodes(id));
            comment on constraint probe_audiences_node on probe_audiences is 'sub_markets';
            create table probe_cells (id serial primary key, node_id integer references discussions_cluster_nodes(id));`,
    },
  ],
  register() {},
});

const ACME = 'acme/us';
const GLOBEX = 'globex/de';

describe('discussions API (discussion cluster nodes)', () => {
  let s: TestServer;
  let admin: TestSession;
  let planner: TestSession;
  let viewer: TestSession;

  beforeAll(async () => {
    s = await createTestServer({ plugins: [discussionsServer({ maxRows: 6 }), probe] });
    [admin, planner, viewer] = await Promise.all([s.login('admin@example.com'), s.login('planner@example.com'), s.login('viewer@example.com')]);
  });
  afterAll(() => s.close());

  const call = async (who: TestSession, method: string, path: string, context: string, body?: unknown) => {
    const res = await fetch(`${s.url}${E.list.path}${path}`, {
      method,
      headers: who.headers({ 'x-context': context, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const create = (name: string, over: Record<string, unknown> = {}, ctx = ACME) =>
    call(admin, 'POST', '', ctx, { discussion_cluster_node: { name, description: 'About it', ...over } });

  it('demo seed: each client has discussions with clusters and one without (the dropdown filter shows)', async () => {
    const list = (await call(viewer, 'GET', '', ACME)).body.data as DiscussionClusterNodeDto[];
    expect(list.map((n) => [n.name, n.discussion_clusters.length])).toEqual([
      ['Coffee lovers forum', 4],
      ['Product launch reactions', 0],
      ['Sustainable living threads', 2],
      ['Weekend runners community', 3],
    ]);
    expect(list[0].discussion_clusters[0]).toEqual({ id: expect.any(Number), name: 'Espresso purists', size: 34 });
    const globex = (await call(planner, 'GET', '', GLOBEX)).body.data as DiscussionClusterNodeDto[];
    expect(globex).toHaveLength(4);
    expect(globex.map((n) => n.id).some((id) => list.some((a) => a.id === id))).toBe(false);
  });

  it('SRV-090 / UPL-032 create, fetch, update: the node carries id, name, description, clusters and its references', async () => {
    const res = await create('Tea drinkers', { discussion_clusters: [{ name: 'Green tea', size: 40 }, { size: 12 }] });
    expect(res.status).toBe(201);
    const n = res.body.data as DiscussionClusterNodeDto;
    expect(n).toEqual({
      id: expect.any(Number),
      name: 'Tea drinkers',
      description: 'About it',
      discussion_clusters: [
        { id: expect.any(Number), name: 'Green tea', size: 40 },
        { id: expect.any(Number), name: '', size: 12 },
      ],
      sub_markets: [],
      journey_sub_markets: [],
      in_use: false,
    });
    expect((await call(planner, 'GET', `/${n.id}`, 'acme/us/fizz-cola')).body.data).toEqual(n);
    // A save without clusters keeps them; with them, the list is replaced.
    const put = await call(admin, 'PUT', `/${n.id}`, ACME, { discussion_cluster_node: { name: ' Tea lovers ', description: '' } });
    expect(put.status).toBe(200);
    expect([put.body.data.name, put.body.data.description, put.body.data.discussion_clusters.length]).toEqual(['Tea lovers', '', 2]);
    const put2 = await call(admin, 'PUT', `/${n.id}`, ACME, {
      discussion_cluster_node: { name: 'Tea lovers', discussion_clusters: [{ name: 'Chai', size: 100 }] },
    });
    expect(put2.body.data.discussion_clusters.map((c: { name: string }) => c.name)).toEqual(['Chai']);
  });

  it("SRV-092 the name is required ('Cluster name is required.') and unique per client, case-insensitively", async () => {
    const empty = await create('  ');
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe('Cluster name is required.');
    expect(empty.body.error.fields['discussion_cluster_node.name']).toBe('Cluster name is required.');
    const dup = await create('coffee LOVERS forum');
    expect([dup.status, dup.body.error.message]).toEqual([422, 'A discussion with this name already exists in this client.']);
    // Another client may use the name.
    expect((await create('Shared name')).status).toBe(201);
    expect((await create('Shared name', {}, GLOBEX)).status).toBe(201);
    const size = await create('Bad sizes', { discussion_clusters: [{ name: 'x', size: 0 }] });
    expect([size.status, size.body.error.message]).toEqual([422, 'Size must be a whole number between 1 and 100.']);
  });

  it('SRV-091 a node that rows of other plugins reference is not deleted: 409 with the message; unreferenced ones are', async () => {
    const a = (await create('Referenced by an audience')).body.data as DiscussionClusterNodeDto;
    const b = (await create('Referenced by a cell')).body.data as DiscussionClusterNodeDto;
    const c = (await create('Free to go')).body.data as DiscussionClusterNodeDto;
    const [ref] = await s.core.query<{ id: number }>('insert into probe_audiences (node_id) values ($1) returning id', [a.id]);
    await s.core.query('insert into probe_cells (node_id) values ($1)', [b.id]);

    const got = (await call(admin, 'GET', `/${a.id}`, ACME)).body.data as DiscussionClusterNodeDto;
    expect([got.sub_markets, got.journey_sub_markets, got.in_use]).toEqual([[Number(ref.id)], [], true]);
    // A reference whose foreign key names no list still makes the node in use.
    expect((await call(admin, 'GET', `/${b.id}`, ACME)).body.data.in_use).toBe(true);

    for (const id of [a.id, b.id]) {
      const del = await call(admin, 'DELETE', `/${id}`, ACME);
      expect([del.status, del.body.error.message]).toEqual([409, 'This discussion is used by audiences or journeys and cannot be deleted.']);
    }
    expect((await call(admin, 'GET', `/${a.id}`, ACME)).status).toBe(200);
    const del = await call(admin, 'DELETE', `/${c.id}`, ACME);
    expect([del.status, del.body.data.message]).toEqual([200, 'Discussion deleted.']);
    expect((await call(admin, 'GET', `/${c.id}`, ACME)).status).toBe(404);
    // The database refuses too, whatever the handler checked first (the foreign key is the guard).
    await expect(s.core.query('delete from discussions_cluster_nodes where id = $1', [a.id])).rejects.toMatchObject({ code: '23503' });
  });

  it("nodes are the client's: another client's id is 404; writes need upload_discussions (403)", async () => {
    const globexNode = ((await call(admin, 'GET', '', GLOBEX)).body.data as DiscussionClusterNodeDto[])[0];
    expect((await call(admin, 'GET', `/${globexNode.id}`, ACME)).status).toBe(404);
    expect((await call(admin, 'PUT', `/${globexNode.id}`, ACME, { discussion_cluster_node: { name: 'Taken over' } })).status).toBe(404);
    expect((await call(admin, 'DELETE', `/${globexNode.id}`, ACME)).status).toBe(404);
    expect((await call(planner, 'POST', '', ACME, { discussion_cluster_node: { name: 'Nope' } })).status).toBe(403);
    expect((await call(planner, 'DELETE', `/${globexNode.id}`, GLOBEX)).status).toBe(403);
    // The viewer may see Acme only.
    expect((await call(viewer, 'GET', '', GLOBEX)).status).toBe(403);
  });
  const xls = (rows: unknown[][], bookType: XLSX.BookType = 'biff8') => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Discussion');
    return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
  };
  const upload = async (id: number, data: Buffer, filename = 'Discussion_Template.xls', fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('template', new Blob([new Uint8Array(data)]), filename);
    const res = await fetch(`${s.url}${E.list.path}/${id}/upload`, { method: 'POST', headers: admin.headers({ 'x-context': ACME }), body: form });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('UPL-025 the template: blank without an id, the columns and the clusters of the node with it (.xls)', async () => {
    const coffee = ((await call(admin, 'GET', '', ACME)).body.data as DiscussionClusterNodeDto[]).find((n) => n.name === 'Coffee lovers forum')!;
    const get = async (q: string) => {
      const res = await fetch(`${s.url}${E.list.path}/template${q}`, { headers: admin.headers({ 'x-context': ACME }) });
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Discussion_Template.xls"');
      const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
      return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    };
    expect(await get('')).toEqual([['Discussion ID', 'Discussion Name', 'Cluster Name', 'Size']]);
    const rows = await get(`?id=${coffee.id}`);
    expect(rows.slice(1, 3)).toEqual([
      [coffee.id, 'Coffee lovers forum', 'Espresso purists', 34],
      [coffee.id, 'Coffee lovers forum', 'Cold brew converts', 22],
    ]);
    expect((await call(planner, 'GET', '/template', ACME)).status).toBe(403);
  });

  const HEADER = ['Discussion ID', 'Discussion Name', 'Cluster Name', 'Size'];
  const clustersOf = async (id: number) =>
    ((await call(admin, 'GET', `/${id}`, ACME)).body.data as DiscussionClusterNodeDto).discussion_clusters.map((c) => [c.name, c.size]);

  it('UPL-028 / UPL-031 / SRV-112 an upload replaces the clusters with all of its rows, and the name and description sent with it, in one transaction', async () => {
    const n = (await create('Uploaded forum', { discussion_clusters: [{ name: 'Old', size: 3 }] })).body.data as DiscussionClusterNodeDto;
    const res = await upload(n.id, xls([HEADER, [n.id, 'Uploaded forum', 'Latte art', 40], [n.id, 'Uploaded forum', null, 12]]), 'Discussion_Template.xls', {
      name: 'Uploaded forum (renamed)',
      description: 'New words',
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect([res.body.data.updated.name, res.body.data.updated.description]).toEqual(['Uploaded forum (renamed)', 'New words']);
    expect(await clustersOf(n.id)).toEqual([
      ['Latte art', 40],
      ['', 12],
    ]);
    // A name another discussion of the client has is refused with the save's message, nothing changed.
    const taken = await upload(n.id, xls([HEADER, [n.id, 'x', 'Mocha', 9]]), 'Discussion_Template.xls', { name: 'Coffee lovers forum' });
    expect([taken.status, taken.body.error.fields['discussion_cluster_node.name']]).toEqual([
      422,
      'A discussion with this name already exists in this client.',
    ]);
    expect(await clustersOf(n.id)).toHaveLength(2);
  });

  it('UPL-031 any row with an error changes nothing: 422 naming every row and column, and how many rows failed', async () => {
    const n = (await create('Careful forum', { discussion_clusters: [1, 2, 3].map((i) => ({ name: `Kept ${i}`, size: i })) })).body
      .data as DiscussionClusterNodeDto;
    const before = await clustersOf(n.id);
    const res = await upload(
      n.id,
      xls([
        HEADER,
        [n.id, 'Careful forum', 'Latte art', 40],
        [n.id, 'Careful forum', 'Too big', 101],
        [n.id, null, 'No name', 5],
        [n.id + 1, 'Careful forum', 'Elsewhere', 5],
        [n.id, 'Careful forum', 'x'.repeat(101), 5],
      ]),
    );
    expect([res.status, res.body.error.message, res.body.failed_rows]).toEqual([
      422,
      '4 rows have errors: nothing was uploaded. Fix them and upload again.',
      4,
    ]);
    expect(res.body.errors).toEqual([
      { column: 'D', row: 3, message: 'Size must be a whole number between 1 and 100.' },
      { column: 'B', row: 4, message: 'Discussion Name is required.' },
      { column: 'A', row: 5, message: `Discussion ID must be ${n.id}, the discussion being uploaded.` },
      { column: 'C', row: 6, message: 'Cluster name (column C) cannot exceed 100 characters.' },
    ]);
    expect(res.body.error.fields).toMatchObject({ D3: 'Size must be a whole number between 1 and 100.', B4: 'Discussion Name is required.' });
    // Every row refused, only a header, an empty sheet: nothing changes (the clusters were wiped before).
    const allBad = await upload(n.id, xls([HEADER, [n.id, 'Careful forum', 'a', 0], [n.id, 'Careful forum', 'b', 200]]));
    expect([allBad.status, allBad.body.failed_rows]).toEqual([422, 2]);
    for (const rows of [[HEADER], [] as unknown[][]]) {
      const r = await upload(n.id, xls(rows));
      expect([r.status, r.body.error.message]).toEqual([422, 'The file has no rows under the header: nothing was uploaded.']);
    }
    // UPL-003 / SRV-112: .xls only (415); a file that is no workbook is 422; nothing changes.
    expect((await upload(n.id, xls([['a']], 'xlsx'), 'Discussion_Template.xlsx')).status).toBe(415);
    expect((await upload(n.id, Buffer.from('not a workbook at all'))).status).toBe(422);
    expect(await clustersOf(n.id)).toEqual(before);
  });

  it('the rows of one upload are capped (DISCOVERY_DISCUSSIONS_MAX_ROWS, 1,000 by default like the JSON API): past the cap nothing changes', async () => {
    const n = (await create('Capped forum')).body.data as DiscussionClusterNodeDto;
    const rows = (k: number) => [HEADER, ...Array.from({ length: k }, (_, i) => [n.id, 'Capped forum', `C${i}`, 1 + i])];
    const over = await upload(n.id, xls(rows(7)));
    expect([over.status, over.body.error.message]).toEqual([422, 'The file has more than 6 rows, the most one upload takes: nothing was uploaded.']);
    expect(await clustersOf(n.id)).toEqual([]);
    expect((await upload(n.id, xls(rows(6)))).status).toBe(200);
    expect(await clustersOf(n.id)).toHaveLength(6);
    expect([maxRowsFromEnv({}), maxRowsFromEnv({ DISCOVERY_DISCUSSIONS_MAX_ROWS: '250' })]).toEqual([1000, 250]);
    expect(() => maxRowsFromEnv({ DISCOVERY_DISCUSSIONS_MAX_ROWS: '0' })).toThrow('DISCOVERY_DISCUSSIONS_MAX_ROWS must be a whole number of at least 1');
  });

  it('UPL-025 a discussion without clusters still downloads its Discussion ID in the template (one row to fill in)', async () => {
    const n = (await create('Empty forum')).body.data as DiscussionClusterNodeDto;
    const res = await fetch(`${s.url}${E.list.path}/template?id=${n.id}`, { headers: admin.headers({ 'x-context': ACME }) });
    const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })).toEqual([HEADER, [n.id, 'Empty forum']]);
  });

  it('a 5 MB upload is read on the spreadsheet thread: a ping is answered while it is being read', async () => {
    const n = (await create('Big file forum')).body.data as DiscussionClusterNodeDto;
    const small = xls([HEADER, [n.id, 'Big file forum', 'Padded', 7]]);
    const big = Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024 - small.length - 1024, 0x41)]);
    let uploaded = false;
    const pending = upload(n.id, big).then((r) => {
      uploaded = true;
      return r;
    });
    // Wait for the state: the file is on the spreadsheet thread (a read on the event loop would never show it).
    while (s.core.sheets.busy === 0 && !uploaded) await new Promise((r) => setTimeout(r, 2));
    expect(uploaded).toBe(false);
    const ping = await fetch(`${s.url}/api/v1/ping`);
    expect([ping.status, uploaded]).toEqual([200, false]);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await clustersOf(n.id)).toEqual([['Padded', 7]]);
  });

  it('413 names the upload limit (5 MB) and reaches the client as the answer, not a reset connection', async () => {
    const n = (await create('Too big forum')).body.data as DiscussionClusterNodeDto;
    const res = await upload(n.id, Buffer.alloc(5 * 1024 * 1024 + 10, 0x41));
    expect([res.status, res.body.error.message]).toEqual([413, 'The file is too large: this upload takes at most 5 MB.']);
  });
});
