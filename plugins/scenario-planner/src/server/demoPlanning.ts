import Fastify from 'fastify';
import type { PlannedScenario } from './planning';

/**
 * The demo planning service (like the toolbox's demo application: loopback, off in production):
 * a few project ids, answered slowly enough that the 'submitted' badge and the re-poll can
 * be seen (SP-1001 takes 45 s), and ids that fail with the planning system's own reason.
 */
export const DEMO_PROJECTS: Record<string, { plan?: PlannedScenario; delayMs: number; status?: number; message?: string }> = {
  'SP-1001': {
    delayMs: 45_000,
    plan: {
      project_id: 'SP-1001',
      name: 'Summer Launch 2027',
      currency: 'USD',
      budget: 1_200_000,
      media_lines: [
        { media_type: 'Linear TV', spend: 600_000 },
        { media_type: 'Online Video', spend: 300_000 },
        { media_type: 'Social', spend: 200_000 },
        { media_type: 'Display', spend: 100_000 },
      ],
    },
  },
  'SP-1002': {
    delayMs: 3_000,
    plan: {
      project_id: 'SP-1002',
      name: 'Back to School',
      currency: 'USD',
      budget: 450_000,
      media_lines: [
        { media_type: 'Social', spend: 250_000 },
        { media_type: 'Radio', spend: 200_000 },
      ],
    },
  },
  'SP-2040': {
    delayMs: 8_000,
    plan: {
      project_id: 'SP-2040',
      name: 'Holiday Always-On',
      currency: 'USD',
      budget: 2_000_000,
      media_lines: [
        { media_type: 'Linear TV', spend: 900_000 },
        { media_type: 'Out of Home', spend: 500_000 },
        { media_type: 'Online Video', spend: 600_000 },
      ],
    },
  },
  'SP-4090': { delayMs: 3_000, status: 409, message: 'Project SP-4090 is still a draft: approve it in the planning system before importing it.' },
};

export interface DemoPlanningServer {
  url: string;
  close(): Promise<void>;
}

export async function startDemoPlanning(opts: { host: string; port: number; delayMs?: number }): Promise<DemoPlanningServer> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get<{ Params: { id: string } }>('/projects/:id', async (req, reply) => {
    const id = req.params.id.trim().toUpperCase();
    const known = DEMO_PROJECTS[id];
    const delay = opts.delayMs ?? known?.delayMs ?? 3_000;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (!known) return reply.code(404).send({ error: { message: `Project ${req.params.id} was not found in the planning system.` } });
    if (!known.plan) return reply.code(known.status ?? 422).send({ error: { message: known.message } });
    return { data: known.plan };
  });
  const address = await app.listen({ host: opts.host, port: opts.port });
  return { url: address, close: () => app.close() };
}
