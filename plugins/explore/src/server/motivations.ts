import type { Rule } from '@discovery/counts';
import type { Rules } from '@discovery/insights-kit/common';
import { PermanentError, type JobKind, type Queryable, type ServerCore } from '@discovery/server';
import type { MotivationDto, MotivationJobStatus } from '../common';
import type { Db } from './repository';

export const MOTIVATION_JOB = 'explore.motivation-audience';

export interface MotivationPayload {
  motivation_id: number;
  /** The population slice of the request's region (or everyone). */
  region: string | null;
}

interface Row {
  id: number;
  name: string;
  persona_id: number | null;
  persona_name: string | null;
  use_cases: string[];
  job_status: MotivationJobStatus;
  people: string | number | null;
  message: string | null;
  created_at: Date | string;
  rules?: Rules | string;
}
const COLUMNS = 'id, name, persona_id, persona_name, use_cases, job_status, people, message, created_at';

/** SRV-096 / EXP-028: people stay null while the job is pending or processing. */
export function motivationDto(r: Row): MotivationDto {
  const done = r.job_status === 'completed';
  return {
    id: Number(r.id),
    type: 'motivation_audience',
    attributes: {
      name: r.name,
      persona_id: r.persona_id === null ? null : Number(r.persona_id),
      persona_name: r.persona_name,
      use_cases: r.use_cases,
      job_status: r.job_status,
      count: { people: done && r.people !== null ? Number(r.people) : null },
      message: r.job_status === 'failed' ? r.message : null,
      created_at: new Date(r.created_at).toISOString(),
    },
  };
}

export async function listMotivations(db: Db, productId: number, useCases?: readonly string[]): Promise<MotivationDto[]> {
  const rows = useCases
    ? await db.query<Row>(`select ${COLUMNS} from explore_motivations where product_id = $1 and use_cases && $2::text[] order by created_at desc, id desc`, [
        productId,
        useCases,
      ])
    : await db.query<Row>(`select ${COLUMNS} from explore_motivations where product_id = $1 order by created_at desc, id desc`, [productId]);
  return rows.map(motivationDto);
}

export async function motivationInProduct(db: Db, id: number, productId: number): Promise<Row | undefined> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from explore_motivations where id = $1 and product_id = $2`, [id, productId]);
  return r;
}

export async function insertMotivation(
  tx: Queryable,
  m: { productId: number; name: string; personaId: number; personaName: string; rules: Rules; useCases: string[]; userId: number },
): Promise<Row> {
  const [r] = await tx.query<Row>(
    `insert into explore_motivations (product_id, name, persona_id, persona_name, rules, use_cases, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [m.productId, m.name, m.personaId, m.personaName, JSON.stringify(m.rules), m.useCases, m.userId],
  );
  return r;
}

/**
 * The motivation-audience job (EXP-028/029, SRV-097): pending while queued, processing once a
 * worker claims it, then completed with the people the persona's rule counts in the region (the
 * count engine's workers do the counting), or failed with the reason. The row and the job change
 * state in one transaction.
 */
export function motivationJob(core: ServerCore): JobKind<MotivationPayload, { people: number }> {
  return {
    maxAttempts: 3,
    async handler(job) {
      const [row] = await core.query<{ rules: Rules | string }>('select rules from explore_motivations where id = $1', [job.payload.motivation_id]);
      if (!row) throw new PermanentError('The motivation audience was deleted.');
      await job.transaction((tx) => tx.query("update explore_motivations set job_status = 'processing' where id = $1", [job.payload.motivation_id]));
      const rules = (typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules) as Rule;
      const e = await core.counts();
      const unknown = e.invalid([...(rules.include?.and ?? []), ...(rules.exclude?.and ?? [])].flatMap((g) => g.or));
      if (unknown.length) throw new PermanentError(`Segments no longer available from the provider: ${unknown.join(', ')}`);
      const people = await e.ruleCount(rules, { region: job.payload.region ?? undefined, kind: 'matched' });
      return job.complete(async (tx) => {
        await tx.query("update explore_motivations set job_status = 'completed', people = $2, message = null where id = $1", [
          job.payload.motivation_id,
          people,
        ]);
        return { people };
      });
    },
    async onFailure(tx, job) {
      await tx.query("update explore_motivations set job_status = 'failed', message = $2 where id = $1", [
        job.payload.motivation_id,
        job.error ?? 'The motivation audience could not be built.',
      ]);
    },
  };
}
