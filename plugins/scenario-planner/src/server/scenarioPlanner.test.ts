import { JobService } from '@discovery/server';
import { createTestServer, type TestServer, type TestSession } from '@discovery/test-utils/server';
import type { CreateCurvesResponse, CurveDto, CurveInput, PlanImportDto } from '../common';
import { scenarioPlannerServer } from './index';
import { HttpPlanningSystem } from './planning';
import { IMPORT_JOB, planImportJob } from './service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scenario Planner Management's API over real HTTP (002 §7, SRV-114..118), with the demo planning
 * service answering at once: imports as core jobs, curve validation, the exclusive curve sets.
 */
describe('scenario-planner API', () => {
  let server: TestServer;
  let planner: TestSession;
  let viewer: TestSession;
  let productId: number;
  beforeAll(async () => {
    server = await createTestServer({ plugins: [scenarioPlannerServer({ demoDelayMs: 0 })] });
    planner = await server.login('planner@example.com');
    viewer = await server.login('viewer@example.com');
    const [p] = await server.core.query<{ id: number }>(
      `select p.id from products p join brands b on b.id = p.brand_id join clients c on c.id = b.client_id where c.slug = 'acme' and b.slug = 'fizz-cola' and p.slug = 'fizz-zero'`,
    );
    productId = Number(p.id);
  });
  afterAll(() => server.close());

  const ACME = 'acme/us/fizz-cola/fizz-zero';
  const call = async (s: TestSession, method: string, path: string, body?: unknown, context: string | null = ACME) => {
    const res = await fetch(`${server.url}/api/v1/scenario-planner${path}`, {
      method,
      headers: s.headers({ ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(context ? { 'x-context': context } : {}) }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const curvesPath = (suffix: string) => `/products/${productId}/${suffix}`;
  const drain = () => server.core.jobs.drain({ kinds: [IMPORT_JOB] });
  const importOf = async (id: number) => ((await call(planner, 'GET', '/status_import')).body.data as PlanImportDto[]).find((r) => r.id === id)!;

  describe('plan imports', () => {
    it('SRV-116 SRV-114 an import starts submitted (a core job) and becomes Complete with the plan', async () => {
      const r = await call(planner, 'POST', '/import_scenario', { sp_plan_id: 'SP-1002' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ scenario_planner_id: 'SP-1002', import_success: null, message: null });
      const [job] = await server.core.query<{ state: string; kind: string }>(
        'select j.state, j.kind from jobs j join scenario_planner_imports i on i.job_id = j.id where i.id = $1',
        [r.body.data.id],
      );
      expect(job).toEqual({ state: 'queued', kind: IMPORT_JOB });
      expect(await drain()).toBe(1);
      expect(await importOf(r.body.data.id)).toMatchObject({ import_success: true, message: "Imported 'Back to School' (2 media lines)" });
      const [stored] = await server.core.query<{ plan: { budget: number } }>('select plan from scenario_planner_imports where id = $1', [r.body.data.id]);
      expect(stored.plan.budget).toBe(450_000);
    });

    it('SRV-116 an id the planning system refuses fails at once with its reason', async () => {
      const draft = await call(planner, 'POST', '/import_scenario', { sp_plan_id: 'SP-4090' });
      const unknown = await call(planner, 'POST', '/import_scenario', { sp_plan_id: 'NOPE-1' });
      expect(await drain()).toBe(2);
      expect(await importOf(draft.body.data.id)).toMatchObject({
        import_success: false,
        message: 'Project SP-4090 is still a draft: approve it in the planning system before importing it.',
      });
      expect(await importOf(unknown.body.data.id)).toMatchObject({ import_success: false, message: 'Project NOPE-1 was not found in the planning system.' });
      const [job] = await server.core.query<{ attempts: number; state: string }>(
        'select j.attempts, j.state from jobs j join scenario_planner_imports i on i.job_id = j.id where i.id = $1',
        [draft.body.data.id],
      );
      expect(job).toEqual({ attempts: 1, state: 'failed' });
    });

    it('SRV-116 an import whose server died mid-job finishes once its lease runs out', async () => {
      const r = await call(planner, 'POST', '/import_scenario', { sp_plan_id: 'SP-2040' });
      // A second process takes the job and dies (never renews its short lease, never finishes).
      const dead = new JobService(server.server.db, { log: { warn: () => undefined, error: () => undefined } });
      dead.register(IMPORT_JOB, planImportJob(server.core, new HttpPlanningSystem(() => null), { leaseMs: 200 }));
      expect((await dead.claim())?.payload).toEqual({ import_id: r.body.data.id });
      expect(await drain()).toBe(0);
      expect((await importOf(r.body.data.id)).import_success).toBeNull();
      await sleep(300);
      expect(await drain()).toBe(1);
      expect(await importOf(r.body.data.id)).toMatchObject({ import_success: true, message: "Imported 'Holiday Always-On' (3 media lines)" });
      const [job] = await server.core.query<{ attempts: number }>(
        'select j.attempts from jobs j join scenario_planner_imports i on i.job_id = j.id where i.id = $1',
        [r.body.data.id],
      );
      expect(job.attempts).toBe(2);
    });

    it('SCN-006 the list is the product’s imports, newest first', async () => {
      const list = (await call(planner, 'GET', '/status_import')).body.data as PlanImportDto[];
      expect(list.length).toBeGreaterThanOrEqual(4);
      const times = list.map((r) => Date.parse(r.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect((await call(planner, 'GET', '/status_import', undefined, 'acme/us/fizz-cola/fizz-classic')).body.data).toEqual([]);
    });

    it('SCN-004 a Project ID is required, with the spec’s message', async () => {
      const r = await call(planner, 'POST', '/import_scenario', { sp_plan_id: '   ' });
      expect(r.status).toBe(422);
      expect(r.body.error.message).toBe('Please enter a Project ID');
    });

    it("issue 25 §7: a Project ID '..' (or one with a slash) is refused: it would name the planning system's base path", async () => {
      for (const id of ['..', '.', 'SP-1/../x', 'a%2F..']) {
        const r = await call(planner, 'POST', '/import_scenario', { sp_plan_id: id });
        expect([id, r.status, r.body.error.message]).toEqual([id, 422, "A Project ID cannot be '.' or '..' or hold '/', '\\', '?', '#' or '%'."]);
      }
    });

    it('SRV-115 deleting needs plans.destroy, stays in the product and cancels a waiting job', async () => {
      const r = await call(planner, 'POST', '/import_scenario', { sp_plan_id: 'SP-1001' });
      const id = r.body.data.id as number;
      expect((await call(viewer, 'DELETE', `/${id}`)).status).toBe(403);
      expect((await call(planner, 'DELETE', `/${id}`, undefined, 'acme/us/fizz-cola/fizz-classic')).status).toBe(404);
      expect((await call(planner, 'DELETE', `/${id}`)).status).toBe(200);
      expect(await importOf(id)).toBeUndefined();
      expect(await drain()).toBe(0);
    });

    it('SCN-001 a client without the scenarios flag is refused', async () => {
      const admin = await server.login('admin@example.com');
      const r = await call(admin, 'GET', '/status_import', undefined, 'globex/de/globex-home/home-essentials');
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe('Scenario Planner is not enabled for this client.');
    });
  });

  describe('curves', () => {
    const row = (over: Partial<CurveInput> = {}, params: Partial<CurveInput['params']> = {}): CurveInput => ({
      media_type: 'Podcast',
      curve_type_name: 'S-Curve',
      is_generic: false,
      params: { Base: '0', Slope: '0.02', Acceleration: '120', Asymptote: '50', Asymmetry: '1', CppOrCpm: 1, CPP: null, ...params },
      ...over,
    });
    const saved = async () => (await call(planner, 'GET', curvesPath('curves'))).body.data as CurveDto[];

    it('SCN-017 curve types are an object keyed by type name; the generic catalogue lists its media types', async () => {
      const types = (await call(planner, 'GET', curvesPath('curve_types'))).body;
      expect(Object.keys(types).sort()).toEqual(['Diminishing Returns', 'S-Curve', 'TRP']);
      expect(types.TRP.is_trp).toBe(true);
      const generic = (await call(planner, 'GET', curvesPath('generic_curves'))).body.data as CurveDto[];
      expect(generic.map((c) => c.media_type)).toEqual(expect.arrayContaining(['Linear TV', 'Social', 'Display']));
      expect(generic.every((c) => c.is_generic)).toBe(true);
    });

    it('SRV-118 SCN-021..024 SCN-028 invalid curves answer per curve with the spec’s messages while the valid ones are saved', async () => {
      const r = await call(planner, 'POST', curvesPath('create_curves'), [
        row({ key: 'good' }),
        row({ key: 'empty', media_type: ' ', curve_type_name: '' }),
        row({ key: 'numbers' }, { Base: '1.', Slope: 'abc', Acceleration: '-2.5', Asymptote: '', Asymmetry: '--1' }),
        row({ key: 'trp', curve_type_name: 'TRP' }, { CppOrCpm: 0, CPP: '0.5' }),
        row({ key: 'cost' }, { CppOrCpm: 3 }),
      ]);
      expect(r.status).toBe(200);
      const body = r.body as CreateCurvesResponse;
      expect(body.curves.map((c) => c.media_type)).toEqual(['Podcast']);
      expect(body.error_messages).toEqual({
        empty: ['Please enter a Media Type', 'Please select a Curve Type'],
        numbers: ['Base: Please enter a number', 'Slope: Please enter a number', 'Asymptote: Please enter a number', 'Asymmetry: Please enter a number'],
        trp: ['CPP: CPP must be greater than 0'],
        cost: ['CppOrCpm: Please select a cost method'],
      });
      expect((await saved()).map((c) => c.media_type)).toEqual(['Podcast']);
    });

    it("issue 25 §7: a curve's media type is text without control or bidirectional characters (the shared rule)", async () => {
      for (const media of ['Pod\u0007cast', 'Pod\u202Etsac', 'Pod\u0085cast']) {
        const r = await call(planner, 'POST', curvesPath('create_curves'), [row({ key: 'bad', media_type: media })]);
        expect([r.status, r.body.error.fields['0.media_type']]).toEqual([422, 'must not contain control characters']);
      }
    });

    it('SRV-117 saving generic curves replaces the uploaded ones, and uploaded ones replace the generic picks, in one transaction', async () => {
      const before = await saved();
      expect(before.some((c) => !c.is_generic)).toBe(true);
      const g = await call(planner, 'POST', curvesPath('create_curves'), [
        {
          media_type: 'Social',
          curve_type_name: 'Diminishing Returns',
          is_generic: true,
          params: { Base: 99, Slope: 9, Acceleration: 9, Asymptote: 9, Asymmetry: 9, CppOrCpm: 1 },
        },
        { media_type: 'Linear TV', curve_type_name: 'TRP', is_generic: true, params: {} },
      ]);
      expect(g.status).toBe(200);
      let now = await saved();
      expect(now.map((c) => [c.media_type, c.is_generic]).sort()).toEqual([
        ['Linear TV', true],
        ['Social', true],
      ]);
      // The catalogue's parameters, not the body's.
      expect(now.find((c) => c.media_type === 'Social')!.params.Base).toBe(0);
      expect(now.find((c) => c.media_type === 'Linear TV')).toMatchObject({ isTRP: true, params: { CppOrCpm: 0, CPP: 2 } });

      // A set whose every curve is invalid changes nothing.
      const bad = await call(planner, 'POST', curvesPath('create_curves'), [row({ key: 'x', media_type: '' })]);
      expect(bad.body.curves).toEqual([]);
      expect((await saved()).every((c) => c.is_generic)).toBe(true);

      const u = await call(planner, 'POST', curvesPath('create_curves'), [row({ media_type: 'Cinema', curve_type_name: 'TRP' }, { CppOrCpm: 0, CPP: '3' })]);
      expect(u.body.error_messages).toEqual({});
      now = await saved();
      expect(now.map((c) => [c.media_type, c.is_generic, c.params.CPP])).toEqual([['Cinema', false, 3]]);
    });

    it('SRV-117 mixing generic and uploaded curves in one set is refused', async () => {
      const r = await call(planner, 'POST', curvesPath('create_curves'), [row(), { ...row(), is_generic: true, media_type: 'Social' }]);
      expect(r.status).toBe(422);
      expect(r.body.error.message).toBe('A set holds either generic or uploaded curves, not both.');
    });

    it('SRV-117 a saved curve is updated by id; another product’s or a generic curve id is refused for that curve', async () => {
      const [cinema] = await saved();
      const r = await call(planner, 'POST', curvesPath('create_curves'), [
        row({ id: cinema.id, media_type: 'Cinema 2', curve_type_name: 'TRP' }, { CppOrCpm: 0, CPP: 4 }),
        row({ id: 999999, key: 'stranger' }),
      ]);
      expect(r.body.error_messages).toEqual({ stranger: ['Curve 999999 is not an uploaded curve of this product.'] });
      expect(await saved()).toEqual([expect.objectContaining({ id: cinema.id, media_type: 'Cinema 2', params: expect.objectContaining({ CPP: 4 }) })]);
    });

    it('SCN-019 deleting a saved curve needs curves.destroy; the product in the path must be the page’s', async () => {
      const [c] = await saved();
      expect((await call(viewer, 'DELETE', curvesPath(`curves/${c.id}`))).status).toBe(403);
      expect((await call(planner, 'GET', `/products/${productId + 1000}/curves`)).status).toBe(404);
      expect((await call(planner, 'DELETE', curvesPath(`curves/${c.id}`))).status).toBe(200);
      expect(await saved()).toEqual([]);
      expect((await call(planner, 'DELETE', curvesPath(`curves/${c.id}`))).status).toBe(404);
    });

    it('SCN-001 reading curves needs curves.read; writing curves.create', async () => {
      const nobody = await server.createUser({ email: 'scn-nobody@example.com', grants: ['acme'], allow: false });
      expect((await call(nobody, 'GET', curvesPath('curves'))).status).toBe(403);
      expect((await call(viewer, 'POST', curvesPath('create_curves'), [row()])).status).toBe(403);
    });
  });
});
