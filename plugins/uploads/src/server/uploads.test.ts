import { tooLargeMessage, UPLOAD_MESSAGES } from '@discovery/plugin-api';
import { createTestServer, serverPluginsWithDependencies, type TestServer, type TestSession } from '@discovery/test-utils/server';
import * as XLSX from '@e965/xlsx';
import { deflateRawSync } from 'node:zlib';
import { SURVEY_TEMPLATES, UPLOAD_JOB, UPLOAD_MAX_BYTES, uploadsEndpoints as E, WIDGET_TEMPLATES, type UploadJobDto, type UploadResultDto } from '../common';
import { uploadsServer } from './index';

const ACME = 'acme/us';
/** Files above this go through the core job (the 5,000-row file below, 379 KB, stays below it). */
const JOB_BYTES = 400_000;

const xls = (rows: unknown[][], opts: { sheets?: number; merge?: boolean; bookType?: XLSX.BookType } = {}) => {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dateNF: 'yyyy-mm-dd' });
  if (opts.merge) ws['!merges'] = [{ s: { r: 1, c: 0 }, e: { r: 1, c: 1 } }];
  XLSX.utils.book_append_sheet(wb, ws, 'Template');
  for (let i = 1; i < (opts.sheets ?? 1); i++) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['x']]), `Other ${i}`);
  return XLSX.write(wb, { type: 'buffer', bookType: opts.bookType ?? 'biff8' }) as Buffer;
};
const sheetRows = (data: Buffer) => {
  const wb = XLSX.read(data, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null });
};

/** A zip whose one entry inflates 20 MB of zeros from a few KB: the shape of an .xlsx bomb. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
  const name = Buffer.from('xl/workbook.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(20 * 1024 * 1024, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

describe('uploads API (surveys, Grow and journey widgets)', () => {
  let s: TestServer;
  let admin: TestSession;
  let viewer: TestSession;

  beforeAll(async () => {
    const deps = await serverPluginsWithDependencies('insights', 'insights-grow', 'insights-journey', 'explore');
    s = await createTestServer({ plugins: [...deps, uploadsServer({ maxRows: 40, jobBytes: JOB_BYTES })] });
    [admin, viewer] = await Promise.all([s.login('admin@example.com'), s.login('viewer@example.com')]);
  }, 120_000);
  afterAll(() => s.close());

  const template = async (path: string, who = admin) => {
    const res = await fetch(`${s.url}${path}`, { headers: who.headers({ 'x-context': ACME }) });
    return {
      status: res.status,
      disposition: res.headers.get('content-disposition'),
      rows: res.status === 200 ? sheetRows(Buffer.from(await res.arrayBuffer())) : [],
    };
  };
  const post = async (path: string, data: Buffer, filename = 'Template.xls', who = admin) => {
    const form = new FormData();
    form.append('template', new Blob([new Uint8Array(data)]), filename);
    const res = await fetch(`${s.url}${path}`, { method: 'POST', headers: who.headers({ 'x-context': ACME }), body: form });
    return {
      status: res.status,
      body: (await res.json()) as UploadResultDto & { error?: { message: string; errors?: unknown[] } } & { errors: UploadResultDto['errors'] },
    };
  };
  const regionSurvey = async () => (await template('/api/v1/uploads/surveys/region/template')).rows;

  it('UPL-014 / SRV-109 / SRV-111 / UPL-034 the templates carry the spec names and the region’s current rows', async () => {
    for (const [path, file] of [
      ['/api/v1/uploads/surveys/region/template', 'Region_Survey_Template.csv'],
      ['/api/v1/uploads/surveys/audience/template', 'GrowChart_Survey_Template.csv'],
      ['/api/v1/uploads/surveys/journey/template', 'Journey_Survey_Template.csv'],
      ['/api/v1/uploads/mekkos/template', 'GrowChart_Template.csv'],
      ['/api/v1/uploads/journeys/template', 'Journey_Template.csv'],
      ['/api/v1/uploads/personas/template', 'Persona_Template.csv'],
    ]) {
      const t = await template(path);
      expect([t.status, t.disposition]).toEqual([200, `attachment; filename="${file}"`]);
    }
    const grow = await template('/api/v1/uploads/mekkos/template');
    expect(grow.rows[0]).toEqual(WIDGET_TEMPLATES.mekkos.columns.map((c) => c.name));
    // The seeded charts are in it, one row per market audience, ready to fill in.
    expect(grow.rows.length).toBeGreaterThan(3);
    expect(grow.rows.slice(1).every((r) => r[0] && r[1] && r[2] && r[3] && r[4])).toBe(true);
    const journeys = await template('/api/v1/uploads/journeys/template');
    expect(journeys.rows.length).toBeGreaterThan(1);
    // The region survey of the demo seed, one line per answer.
    expect((await regionSurvey()).length).toBeGreaterThan(1);
    expect((await template('/api/v1/uploads/mekkos/template', viewer)).status).toBe(403);
  });

  it('UPL-038 / UPL-006 / UPL-010 a Grow upload applies its valid rows into the chart’s Market Level and lists the others by column and row', async () => {
    const [header, first, second] = (await template('/api/v1/uploads/mekkos/template')).rows;
    const fill = (r: unknown[], tab: string, widget: string, pos: number, attr: unknown, pct: unknown) => [...r.slice(0, 5), tab, null, widget, pos, attr, pct];
    const rows = [
      header,
      fill(first, 'Survey', 'Loyalty', 1, 'Very loyal', 40),
      fill(first, 'Survey', 'Loyalty', 1, '=HYPERLINK("http://x")', 60),
      fill(first, 'Survey', 'Loyalty', 1, 'Not loyal', 'lots'),
      fill(second, 'Survey', 'Loyalty', 1, 'Very loyal', new Date(2024, 0, 2)),
      [first[0], first[1], 'No such chart', first[3], first[4], 'Survey', null, 'Loyalty', 1, 'A', 1],
      [first[0], 'No product', first[2], first[3], first[4], 'Survey', null, 'Loyalty', 1, 'A', 1],
      fill(first, 'Survey', 'Loyalty', 0, 'B', 1),
      [...first.slice(0, 4), null, 'Survey', null, 'Loyalty', 1, 'A', 1],
    ];
    const res = await post(E.mekkosUpload.path, xls(rows));
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([[first[2], first[3], first[4]]]);
    expect(res.body.errors).toEqual([
      { column: 'K', row: 4, message: 'Attribute Percent must be a number between 0 and 100.' },
      { column: 'K', row: 5, message: 'Attribute Percent must be a number, not a date.' },
      { column: 'I', row: 8, message: 'Widget Position must be a whole number from 1.' },
      { column: 'E', row: 9, message: 'Audience is required.' },
      { column: 'C', row: 6, message: `Chart 'No such chart' does not exist in ${first[1]}.` },
      { column: 'B', row: 7, message: `Product 'No product' is not a product of ${first[0]} in this region.` },
    ]);
    // The template now holds the rows, the formula-looking answer as the text it was (exported as a text cell).
    const again = (await template('/api/v1/uploads/mekkos/template')).rows;
    const mine = again.filter((r) => r[2] === first[2] && r[3] === first[3] && r[4] === first[4] && r[5] === 'Survey');
    expect(mine.map((r) => [r[7], r[9], r[10]])).toEqual([
      ['Loyalty', 'Very loyal', 40],
      ['Loyalty', '=HYPERLINK("http://x")', 60],
    ]);
    const raw = XLSX.read(
      Buffer.from(await (await fetch(`${s.url}${E.mekkosTemplate.path}`, { headers: admin.headers({ 'x-context': ACME }) })).arrayBuffer()),
      {
        type: 'buffer',
        cellFormula: true,
      },
    );
    const cells = Object.values(raw.Sheets[raw.SheetNames[0]]).filter((c): c is XLSX.CellObject => typeof c === 'object' && c !== null && 'v' in c);
    expect(cells.some((c) => c.f)).toBe(false);
    expect(cells.find((c) => c.v === '=HYPERLINK("http://x")')?.t).toBe('s');
  });

  it('UPL-017 / SRV-110 the region survey upload replaces the stored survey: what the file omits is deleted', async () => {
    const res = await post(
      '/api/v1/uploads/surveys/region',
      xls([
        SURVEY_TEMPLATES.region.columns.map((c) => c.name),
        ['Media', 'Watches TV', 'Daily', 55],
        ['Media', 'Watches TV', 'Never', 45],
        ['Media', 'Bad', 'x', 101],
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.surveys).toEqual(['Media']);
    expect(res.body.errors).toEqual([{ column: 'D', row: 4, message: 'Answer Percent must be a number between 0 and 100.' }]);
    expect((await regionSurvey()).slice(1)).toEqual([
      ['Media', 'Watches TV', 'Daily', 55],
      ['Media', 'Watches TV', 'Never', 45],
    ]);
  });

  it('UPL-018 / UPL-019 audience and stage surveys: either a percent or a count, and the charts and journeys they touched', async () => {
    const [, g] = (await template('/api/v1/uploads/surveys/audience/template')).rows;
    const head = SURVEY_TEMPLATES.audience.columns.map((c) => c.name);
    const res = await post(
      '/api/v1/uploads/surveys/audience',
      xls([head, [...g.slice(0, 5), 'Brand health', 'Aware?', 'Yes', null, 120], [...g.slice(0, 5), 'Brand health', 'Aware?', 'No', 10, 3]]),
    );
    expect(res.status).toBe(200);
    expect(res.body.mekkos).toEqual([{ name: g[2], markets: [{ name: g[3] }] }]);
    expect(res.body.errors).toEqual([{ column: 'I', row: 3, message: "Use either 'Answer Percent' or 'Answer Count', not both." }]);
    const [, j] = (await template('/api/v1/uploads/surveys/journey/template')).rows;
    const jr = await post(
      '/api/v1/uploads/surveys/journey',
      xls([SURVEY_TEMPLATES.journey.columns.map((c) => c.name), [...j.slice(0, 5), 'Stage survey', 'Shops online?', 'Yes', 70, null]]),
    );
    expect(jr.status).toBe(200);
    expect(jr.body.data.updated).toEqual([[j[2], j[3], j[4], 'Stage survey']]);
    expect(jr.body.journeys).toEqual([{ name: j[2], brands: [{ name: j[3] }] }]);
  });

  it('UPL-037 a journeys upload: columns A-H required, positions numeric, value or percent', async () => {
    const [head, j] = (await template('/api/v1/uploads/journeys/template')).rows;
    const row = (over: Record<number, unknown>) => head.map((_, i) => (i in over ? over[i] : i < 7 ? j[i] : null));
    const res = await post(
      E.journeysUpload.path,
      xls([head, row({ 7: 'Price', 9: 'Drivers', 13: 12 }), row({ 7: 'Quality', 9: 'Drivers', 13: 5, 14: 50 }), row({ 4: 'first', 7: 'Taste', 13: 1 })]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([[j[2], j[3], j[5]]]);
    expect(res.body.errors).toEqual([
      { column: 'N', row: 3, message: "Use either 'Attribute Value' or 'Attribute Percent', not both." },
      { column: 'E', row: 4, message: 'Journey Brand Position must be a whole number from 1.' },
    ]);
  });

  it("UPL-039 / SRV-112 a personas upload: columns A-G required except E, into the 'All Data' persona's custom Market Level widgets", async () => {
    const [head, first] = (await template(E.personasTemplate.path)).rows;
    expect(head).toEqual(['Brand', 'Product', 'Tab Name', 'Demographic Category', 'Widget Position', 'Attribute Name', 'Attribute Percent']);
    // One row per product of the region, naming its brand and product, ready to fill in.
    expect([first[0], first[1], first[2]]).toEqual([expect.any(String), expect.any(String), null]);
    const row = (tab: unknown, cat: unknown, pos: unknown, attr: unknown, pct: unknown, brand = first[0], product = first[1]) => [
      brand,
      product,
      tab,
      cat,
      pos,
      attr,
      pct,
    ];
    const res = await post(
      E.personasUpload.path,
      xls([
        head,
        row('Lifestyle', 'Hobbies', 2, 'Cooking', 35),
        row('Lifestyle', 'Hobbies', 2, 'Gaming', 25),
        row('Lifestyle', 'Pets', null, 'Dogs', 60),
        row('Lifestyle', null, 1, 'Cats', 40),
        row('Lifestyle', 'Pets', 0, 'Fish', 5),
        row('Lifestyle', 'Pets', 1, 'Birds', 101),
        row('Lifestyle', 'Pets', 1, 'Horses', 5, 'No brand'),
        row('Lifestyle', 'Pets', 1, 'Horses', 5, first[0], 'No product'),
        row('Lifestyle', 'Hobbies', 2, 'Cooking', 10),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([
      ['Lifestyle', 'Hobbies', 'Cooking'],
      ['Lifestyle', 'Hobbies', 'Gaming'],
      ['Lifestyle', 'Pets', 'Dogs'],
    ]);
    expect(res.body.errors).toEqual([
      { column: 'D', row: 5, message: 'Demographic Category is required.' },
      { column: 'E', row: 6, message: 'Widget Position must be a whole number from 1.' },
      { column: 'G', row: 7, message: 'Attribute Percent must be a number between 0 and 100.' },
      { column: 'A', row: 8, message: "Brand 'No brand' is not in this region." },
      { column: 'B', row: 9, message: `Product 'No product' is not a product of ${first[0]} in this region.` },
      { column: 'F', row: 10, message: "'Cooking' appears twice in widget 'Hobbies'." },
    ]);
    // The template is filled back from the 'All Data' persona: editing means changing, not retyping.
    const again = (await template(E.personasTemplate.path)).rows.filter((r) => r[0] === first[0] && r[1] === first[1]);
    expect(again.map((r) => r.slice(2))).toEqual([
      ['Lifestyle', 'Pets', 1, 'Dogs', 60],
      ['Lifestyle', 'Hobbies', 2, 'Cooking', 35],
      ['Lifestyle', 'Hobbies', 2, 'Gaming', 25],
    ]);
    // The tab belongs to the product's 'All Data' persona and to no other persona (a read-only look at the owners' rows).
    const owners = await s.core.query<{ all_data: boolean }>(
      `select p.is_all_data as all_data from insights_tabs t join explore_personas p on p.id = t.owner_id where t.owner_type = 'Persona' and t.name = 'Lifestyle'`,
    );
    expect(owners).toEqual([{ all_data: true }]);
    expect((await template(E.personasTemplate.path, viewer)).status).toBe(403);
  });

  describe('hostile and odd files are refused whole, with a clear message, and nothing is applied', () => {
    const path = '/api/v1/uploads/surveys/region';
    const head = SURVEY_TEMPLATES.region.columns.map((c) => c.name);
    const good = [head, ['Odd', 'Q', 'A', 10]];
    const cases: [string, () => Buffer, string, number, string][] = [
      ['another extension', () => xls(good), 'Template.csv', 415, UPLOAD_MESSAGES.xlsOnly],
      ['a renamed binary', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 4, 5]), 'Template.xls', 422, UPLOAD_MESSAGES.unreadable],
      ['an .xlsx named .xls', () => xls(good, { bookType: 'xlsx' }), 'Template.xls', 422, UPLOAD_MESSAGES.unreadable],
      ['a zip bomb named .xls', zipBomb, 'Template.xls', 422, UPLOAD_MESSAGES.unreadable],
      [
        'an OLE header with garbage after it',
        () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0xff)]),
        'Template.xls',
        422,
        UPLOAD_MESSAGES.unreadable,
      ],
      ['several sheets', () => xls(good, { sheets: 3 }), 'Template.xls', 422, UPLOAD_MESSAGES.severalSheets],
      ['merged cells', () => xls(good, { merge: true }), 'Template.xls', 422, UPLOAD_MESSAGES.merged],
      [
        'more rows than the cap',
        () => xls([head, ...Array.from({ length: 41 }, (_, i) => ['Odd', `Q${i}`, 'A', 1])]),
        'Template.xls',
        422,
        'The file has more than 40 rows, the most one upload takes: nothing was uploaded.',
      ],
      [
        '5,000 rows (an .xls sheet holds at most 65,536; the reader stops past the cap)',
        () => xls([head, ...Array.from({ length: 5_000 }, (_, i) => ['Odd', `Q${i}`, 'A', 1])]),
        'Template.xls',
        422,
        'The file has more than 40 rows, the most one upload takes: nothing was uploaded.',
      ],
      ['a header only', () => xls([head]), 'Template.xls', 422, UPLOAD_MESSAGES.noRows],
      [
        'another template’s header',
        () =>
          xls([
            ['Brand', 'Product', 'Chart Name', 'Market'],
            ['a', 'b', 'c', 'd'],
          ]),
        'Template.xls',
        422,
        "The header of column A must be 'Survey Name' (found 'Brand'): download the template again. Nothing was uploaded.",
      ],
      [
        'only rows with errors',
        () => xls([head, ['Odd', 'Q', 'A', '=1+1']]),
        'Template.xls',
        422,
        'No row of the file could be uploaded (1 error): nothing was changed. Fix them and upload again.',
      ],
    ];
    it.each(cases)(
      '%s',
      async (_name, make, filename, status, message) => {
        const before = await regionSurvey();
        const res = await post(path, make(), filename);
        expect([res.status, res.body.error?.message]).toEqual([status, message]);
        expect(await regionSurvey()).toEqual(before);
      },
      180_000,
    );

    it('a file over the size limit: 413 naming the limit', async () => {
      const res = await post(path, Buffer.alloc(UPLOAD_MAX_BYTES + 10, 1));
      expect([res.status, res.body.error?.message]).toEqual([413, tooLargeMessage(UPLOAD_MAX_BYTES)]);
    });

    it('without upload_surveys: 403, nothing applied', async () => {
      expect((await post(path, xls(good), 'Template.xls', viewer)).status).toBe(403);
    });
  });

  describe('UPL-005 / SRV-110 a file above the configured size is applied by a core job whose progress the page reads', () => {
    const head = SURVEY_TEMPLATES.region.columns.map((c) => c.name);
    // Cells past the template's columns are not read: they make the file big without more rows.
    const big = (rows: unknown[][], opts: { sheets?: number } = {}) => {
      const data = xls(
        rows.map((r, i) => [...r, ...Array.from({ length: 120 }, (_, k) => `${i}.${k}`.padEnd(200, 'x'))]),
        opts,
      );
      expect(data.length).toBeGreaterThan(JOB_BYTES);
      return data;
    };
    const status = async (id: number, who = admin) => {
      const res = await fetch(`${s.url}${E.job.path.replace(':id', String(id))}`, { headers: who.headers({ 'x-context': ACME }) });
      return { status: res.status, body: (await res.json()) as { data: UploadJobDto } };
    };
    const pending = async () => (await s.core.query<{ n: number }>('select count(*)::int as n from uploads_files'))[0].n;

    it('202 with the job; the job applies the valid rows in one transaction and answers the results and errors', async () => {
      const rows = [head, ...Array.from({ length: 20 }, (_, i) => ['Big survey', `Q${i}`, 'Yes', 50]), ['Big survey', 'Bad', 'No', 120]];
      const res = await post('/api/v1/uploads/surveys/region', big(rows));
      expect(res.status).toBe(202);
      const id = res.body.job!.id;
      expect((await status(id)).body.data).toMatchObject({ id, state: 'queued', result: null });
      expect((await status(id, viewer)).status).toBe(403);
      await s.core.jobs.drain({ kinds: [UPLOAD_JOB] });
      const done = (await status(id)).body.data;
      expect([done.state, done.progress, done.refused]).toEqual(['completed', 1, null]);
      expect(done.result!.surveys).toEqual(['Big survey']);
      expect(done.result!.data.updated).toHaveLength(20);
      expect(done.result!.errors).toEqual([{ column: 'D', row: 22, message: 'Answer Percent must be a number between 0 and 100.' }]);
      expect((await regionSurvey()).slice(1)).toHaveLength(20);
      expect(await pending()).toBe(0);
    }, 120_000);

    it('a large file refused whole by the job: its message, nothing applied, no file left behind; a wrong name is refused at once', async () => {
      const before = await regionSurvey();
      const res = await post('/api/v1/uploads/surveys/region', big([head, ...Array.from({ length: 20 }, (_, i) => ['Big', `Q${i}`, 'A', 1])], { sheets: 2 }));
      expect(res.status).toBe(202);
      await s.core.jobs.drain({ kinds: [UPLOAD_JOB] });
      const done = (await status(res.body.job!.id)).body.data;
      expect([done.state, done.result, done.refused?.message]).toEqual(['completed', null, UPLOAD_MESSAGES.severalSheets]);
      expect(await regionSurvey()).toEqual(before);
      expect(await pending()).toBe(0);
      const named = await post('/api/v1/uploads/surveys/region', big([head, ...Array.from({ length: 20 }, (_, i) => ['Big', `Q${i}`, 'A', 1])]), 'Big.csv');
      expect([named.status, named.body.error?.message]).toEqual([415, UPLOAD_MESSAGES.xlsOnly]);
      // Another user's job is not theirs to read.
      const other = await s.createUser({ email: 'uploader2@example.com', grants: ['*'], allow: true });
      expect((await status(res.body.job!.id, other)).status).toBe(404);
    }, 120_000);
  });

  it('a bounded fuzz of the parser: mutated and random files never get a 5xx, and a refused file leaves no row behind', async () => {
    let seed = 31;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const base = xls([SURVEY_TEMPLATES.region.columns.map((c) => c.name), ['Fuzz', 'Q', 'A', 50], ['Fuzz', 'Q', 'B', 50]]);
    for (let i = 0; i < 30; i++) {
      const data = Buffer.from(base);
      if (i % 5 === 4) for (let k = 0; k < data.length; k++) data[k] = Math.floor(rand() * 256);
      else for (let k = 0; k < 1 + Math.floor(rand() * 40); k++) data[Math.floor(rand() * data.length)] = Math.floor(rand() * 256);
      const before = await regionSurvey();
      const res = await post('/api/v1/uploads/surveys/region', i % 7 === 6 ? data.subarray(0, Math.floor(rand() * data.length)) : data);
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) expect(await regionSurvey()).toEqual(before);
    }
  }, 120_000);
});
