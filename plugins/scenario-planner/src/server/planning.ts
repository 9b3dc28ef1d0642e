/** A plan as the external planning system describes it (what an import stores). */
export interface PlannedScenario {
  project_id: string;
  name: string;
  currency: string;
  budget: number;
  media_lines: { media_type: string; spend: number }[];
}

/** Why a plan could not be read; `permanent` = the answer will not change on a retry. */
export class PlanningError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Where plans come from (002 §2.7: imports by Project ID from the external planning system). */
export interface PlanningSystem {
  fetchPlan(projectId: string, signal: AbortSignal): Promise<PlannedScenario>;
}

const PLAN_TIMEOUT_MS = 120_000;

/**
 * The planning system over HTTP: GET {address}/projects/{id} → `{ data: plan }`; a 4xx answer's
 * `error.message` is the reason shown on the failed import; a 5xx or no answer is retried by the job.
 * The address is read at each call (the demo service gets a new port at each start).
 */
export class HttpPlanningSystem implements PlanningSystem {
  constructor(private readonly address: () => string | null) {}

  async fetchPlan(projectId: string, signal: AbortSignal): Promise<PlannedScenario> {
    const base = this.address();
    if (!base) throw new PlanningError('No planning system is configured (DISCOVERY_PLANNING_URL).', true);
    let res: Response;
    try {
      res = await fetch(`${base.replace(/\/$/, '')}/projects/${encodeURIComponent(projectId)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([signal, AbortSignal.timeout(PLAN_TIMEOUT_MS)]),
      });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new PlanningError(`The planning system did not answer: ${(e as Error).message}`, false);
    }
    const body = (await res.json().catch(() => null)) as { data?: PlannedScenario; error?: { message?: string } } | null;
    if (res.ok && body?.data) return body.data;
    const message = body?.error?.message ?? `The planning system answered ${res.status}.`;
    throw new PlanningError(message, res.status >= 400 && res.status < 500);
  }
}

/** An absolute http(s) address or nothing; anything else stops the start, naming the variable. */
export function planningUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env.DISCOVERY_PLANNING_URL?.trim();
  if (!v) return null;
  if (!/^https?:\/\/[^/\s]+/i.test(v)) throw new Error(`DISCOVERY_PLANNING_URL must be an absolute http(s) address, not '${v}'.`);
  return v;
}
