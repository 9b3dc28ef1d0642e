import { defineServerPlugin } from '@discovery/plugin-api';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { allScenarioPlannerPermissions, curvePermissions as C, scenarioPlannerEndpoints as E } from '../common';
import { startDemoPlanning, type DemoPlanningServer } from './demoPlanning';
import init from './migrations/0001_scenario_planner.sql';
import { seedScenarioPlanner } from './seed';
import { HttpPlanningSystem, planningUrlFromEnv, type PlanningSystem } from './planning';
import { IMPORT_JOB, planImportJob, scopedProduct, ScenarioPlannerService } from './service';

export interface ScenarioPlannerServerOptions {
  /** Where plans come from; default: DISCOVERY_PLANNING_URL, else the demo service (not in production). */
  planning?: PlanningSystem;
  /** The demo service's answer delay for every id (tests); default each project's own. */
  demoDelayMs?: number;
  /** The import job's lease (the restart test shortens it); default 30 s. */
  importLeaseMs?: number;
}

/**
 * Scenario Planner Management's API under {plans base} = /api/v1/scenario-planner (002 §7,
 * SRV-114..118): plan imports as core jobs and the product's response curves.
 */
export function scenarioPlannerServer(opts: ScenarioPlannerServerOptions = {}) {
  let demo: DemoPlanningServer | null = null;
  return defineServerPlugin<ServerCore, FastifyInstance>({
    id: 'scenario-planner',
    permissions: allScenarioPlannerPermissions,
    migrations: [{ id: '0001_scenario_planner', sql: init }],
    async register(router, core) {
      const service = new ScenarioPlannerService(core);
      let planning = opts.planning;
      if (!planning) {
        const configured = planningUrlFromEnv();
        const demoSetting = process.env.DISCOVERY_PLANNING_DEMO;
        if (!configured && (demoSetting === 'true' || (demoSetting !== 'false' && process.env.NODE_ENV !== 'production'))) {
          const envDelay = process.env.DISCOVERY_PLANNING_DEMO_DELAY_MS;
          const started = await startDemoPlanning({
            host: '127.0.0.1',
            port: Number(process.env.DISCOVERY_PLANNING_DEMO_PORT ?? 0),
            delayMs: opts.demoDelayMs ?? (envDelay ? Number(envDelay) : undefined),
          });
          demo = started;
          router.addHook('onClose', async () => {
            await started.close();
            if (demo === started) demo = null;
          });
        }
        planning = new HttpPlanningSystem(() => configured ?? demo?.url ?? null);
      }
      core.jobs.register(IMPORT_JOB, planImportJob(core, planning, { leaseMs: opts.importLeaseMs }));

      // SRV-114
      handle(router, E.statusImport, async ({ context }) => ({ data: await service.imports(scopedProduct(core, context)) }));
      // SRV-116
      handle(router, E.importScenario, async ({ body, context, auth }) => ({
        data: await service.startImport(scopedProduct(core, context), body.sp_plan_id, auth.user.id, context.slug),
      }));
      // SRV-115
      handle(router, E.deleteImport, async ({ params, context }) => {
        await service.deleteImport(scopedProduct(core, context), params.importId);
        return { data: { id: params.importId } };
      });
      // SRV-117
      handle(router, E.genericCurves, async ({ params, context }) => {
        scopedProduct(core, context, params.productId);
        return { data: await service.genericCatalogue() };
      });
      handle(router, E.curves, async ({ params, context }) => ({ data: await service.curves(scopedProduct(core, context, params.productId)) }));
      handle(router, E.curveTypes, async ({ params, context }) => {
        scopedProduct(core, context, params.productId);
        return service.curveTypes();
      });
      handle(router, E.deleteCurve, async ({ params, context }) => {
        await service.deleteCurve(scopedProduct(core, context, params.productId), params.id);
        return { data: { id: params.id } };
      });
      handle(router, E.createCurves, async ({ params, body, context }, req) => {
        const productId = scopedProduct(core, context, params.productId);
        // Changing a saved curve is an update (SCN-001: curves CRU).
        if (body.some((c) => c.id)) core.requirePermission(req, C.update);
        return service.createCurves(productId, body);
      });
    },
    seed: (core) => seedScenarioPlanner(core),
  });
}

export default scenarioPlannerServer();
