import type { JobKind, Queryable, ResolvedContext, ServerCore } from '@discovery/server';
import { PermanentError } from '@discovery/server';
import * as z from 'zod';
import {
  curveErrorList,
  curveFieldErrors,
  curveIsTrp,
  curveKey,
  SCENARIOS_FLAG,
  SCN_MESSAGES as M,
  toNumber,
  type CostMethod,
  type CreateCurvesResponse,
  type CurveDto,
  type CurveInput,
  type CurveTypesDto,
  type PlanImportDto,
} from '../common';
import { PlanningError, type PlanningSystem } from './planning';

export const IMPORT_JOB = 'scenario-planner.import';

interface CurveRow {
  id: number;
  media_type: string;
  curve_type_name: string;
  is_generic: boolean;
  is_trp: boolean;
  base: number;
  slope: number;
  acceleration: number;
  asymptote: number;
  asymmetry: number;
  cpp_or_cpm: number;
  cpp: number | null;
}

const CURVE_COLUMNS = 'id, media_type, curve_type_name, is_generic, is_trp, base, slope, acceleration, asymptote, asymmetry, cpp_or_cpm, cpp';

function curveDto(r: CurveRow): CurveDto {
  return {
    id: Number(r.id),
    media_type: r.media_type,
    curve_type_name: r.curve_type_name,
    is_generic: r.is_generic,
    isTRP: r.is_trp,
    params: {
      Base: Number(r.base),
      Slope: Number(r.slope),
      Acceleration: Number(r.acceleration),
      Asymptote: Number(r.asymptote),
      Asymmetry: Number(r.asymmetry),
      CppOrCpm: Number(r.cpp_or_cpm) as CostMethod,
      CPP: r.cpp === null ? null : Number(r.cpp),
    },
  };
}

interface ImportRow {
  id: number;
  scenario_planner_id: string;
  import_success: boolean | null;
  message: string | null;
  created_at: Date | string;
}
const importDto = (r: ImportRow): PlanImportDto => ({
  id: Number(r.id),
  scenario_planner_id: r.scenario_planner_id,
  import_success: r.import_success,
  message: r.message,
  created_at: new Date(r.created_at).toISOString(),
});

/** SCN-001: the page's product, on a client with the 'scenarios' flag; the path's product must be it. */
export function scopedProduct(core: ServerCore, context: ResolvedContext, productId?: number): number {
  if (context.client.feature_flags[SCENARIOS_FLAG] !== true) throw core.errors.forbidden(M.notEnabled);
  const product = context.product!;
  if (productId !== undefined && productId !== product.id) throw core.errors.notFound(`Product ${productId} is not the product of this page.`);
  return product.id;
}

export class ScenarioPlannerService {
  constructor(private readonly core: ServerCore) {}

  async curveTypes(db: Pick<Queryable, 'query'> = this.core): Promise<CurveTypesDto> {
    const rows = await db.query<{ name: string; definition: { is_trp?: boolean; description?: string } }>(
      'select name, definition from scenario_planner_curve_types order by name',
    );
    return Object.fromEntries(rows.map((r) => [r.name, { is_trp: r.definition.is_trp === true, description: r.definition.description ?? '' }]));
  }

  async genericCatalogue(db: Pick<Queryable, 'query'> = this.core): Promise<CurveDto[]> {
    return (await db.query<CurveRow>(`select ${CURVE_COLUMNS} from scenario_planner_curves where product_id is null order by media_type`)).map(curveDto);
  }

  async curves(productId: number, db: Pick<Queryable, 'query'> = this.core): Promise<CurveDto[]> {
    return (await db.query<CurveRow>(`select ${CURVE_COLUMNS} from scenario_planner_curves where product_id = $1 order by id`, [productId])).map(curveDto);
  }

  async deleteCurve(productId: number, id: number): Promise<void> {
    const rows = await this.core.query('delete from scenario_planner_curves where id = $1 and product_id = $2 returning id', [id, productId]);
    if (!rows.length) throw this.core.errors.notFound(`Curve ${id} does not exist.`);
  }

  /**
   * SRV-117 / SRV-118: one set of curves for the product. Each curve is checked by the shared rules;
   * the valid ones are saved and the others answer in error_messages. Saving at least one curve of a
   * set removes the other set, in the same transaction (generic picks replace every curve of the
   * product; uploaded curves are inserted or updated and the generic picks go).
   */
  async createCurves(productId: number, body: CurveInput[]): Promise<CreateCurvesResponse> {
    const generic = body.every((c) => c.is_generic);
    if (!generic && body.some((c) => c.is_generic)) throw this.core.errors.unprocessable(M.mixedSet);
    return this.core.transaction(async (tx) => {
      const types = await this.curveTypes(tx);
      const error_messages: Record<string, string[]> = {};
      const saved: CurveDto[] = [];
      if (generic) {
        // The picks are the catalogue's curves by media type: a client cannot change their parameters.
        const catalogue = new Map((await this.genericCatalogue(tx)).map((c) => [c.media_type.toLowerCase(), c]));
        const picks = new Map<string, CurveDto>();
        body.forEach((c, i) => {
          const found = catalogue.get(c.media_type.trim().toLowerCase());
          if (found) picks.set(found.media_type.toLowerCase(), found);
          else error_messages[curveKey(c, i)] = [c.media_type.trim() ? `No generic curve for media type '${c.media_type.trim()}'.` : M.mediaTypeRequired];
        });
        if (picks.size) {
          await tx.query('delete from scenario_planner_curves where product_id = $1', [productId]);
          for (const p of picks.values()) saved.push(await this.insert(tx, productId, p.media_type, p.curve_type_name, true, p.isTRP, p.params));
        }
        return { curves: saved, error_messages };
      }
      const own = new Set(
        (await tx.query<{ id: number }>('select id from scenario_planner_curves where product_id = $1 and not is_generic', [productId])).map((r) =>
          Number(r.id),
        ),
      );
      const valid: { curve: CurveInput; key: string }[] = [];
      body.forEach((c, i) => {
        const key = curveKey(c, i);
        const errs = curveErrorList(curveFieldErrors(c, types));
        if (c.id && !own.has(c.id)) errs.push(`Curve ${c.id} is not an uploaded curve of this product.`);
        if (errs.length) error_messages[key] = errs;
        else valid.push({ curve: c, key });
      });
      if (!valid.length) return { curves: saved, error_messages };
      await tx.query('delete from scenario_planner_curves where product_id = $1 and is_generic', [productId]);
      for (const { curve: c, key } of valid) {
        const trp = curveIsTrp(c, types);
        const params = {
          Base: toNumber(c.params.Base)!,
          Slope: toNumber(c.params.Slope)!,
          Acceleration: toNumber(c.params.Acceleration)!,
          Asymptote: toNumber(c.params.Asymptote)!,
          Asymmetry: toNumber(c.params.Asymmetry)!,
          CppOrCpm: toNumber(c.params.CppOrCpm) as CostMethod,
          // SCN-024: CPP belongs to a TRP curve only.
          CPP: trp ? toNumber(c.params.CPP) : null,
        };
        const dto = c.id
          ? await this.update(tx, productId, c.id, c.media_type.trim(), c.curve_type_name, trp, params)
          : await this.insert(tx, productId, c.media_type.trim(), c.curve_type_name, false, trp, params);
        saved.push({ ...dto, ...(c.key ? { key } : {}) } as CurveDto);
      }
      return { curves: saved, error_messages };
    });
  }

  private async insert(tx: Queryable, productId: number, media: string, type: string, generic: boolean, trp: boolean, p: CurveDto['params']) {
    const [row] = await tx.query<CurveRow>(
      `insert into scenario_planner_curves (product_id, media_type, curve_type_name, is_generic, is_trp, base, slope, acceleration, asymptote, asymmetry, cpp_or_cpm, cpp)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${CURVE_COLUMNS}`,
      [productId, media, type, generic, trp, p.Base, p.Slope, p.Acceleration, p.Asymptote, p.Asymmetry, p.CppOrCpm, p.CPP],
    );
    return curveDto(row);
  }

  private async update(tx: Queryable, productId: number, id: number, media: string, type: string, trp: boolean, p: CurveDto['params']) {
    const [row] = await tx.query<CurveRow>(
      `update scenario_planner_curves set media_type = $3, curve_type_name = $4, is_trp = $5, base = $6, slope = $7, acceleration = $8, asymptote = $9,
              asymmetry = $10, cpp_or_cpm = $11, cpp = $12, updated_at = now()
        where id = $1 and product_id = $2 and not is_generic returning ${CURVE_COLUMNS}`,
      [id, productId, media, type, trp, p.Base, p.Slope, p.Acceleration, p.Asymptote, p.Asymmetry, p.CppOrCpm, p.CPP],
    );
    return curveDto(row);
  }

  async imports(productId: number): Promise<PlanImportDto[]> {
    const rows = await this.core.query<ImportRow>(
      'select id, scenario_planner_id, import_success, message, created_at from scenario_planner_imports where product_id = $1 order by created_at desc, id desc',
      [productId],
    );
    return rows.map(importDto);
  }

  /** SRV-116: the record and its job commit together; the record comes back submitted. */
  async startImport(productId: number, spPlanId: string, userId: number, contextSlug: string): Promise<PlanImportDto> {
    return this.core.transaction(async (tx) => {
      const [row] = await tx.query<ImportRow>(
        `insert into scenario_planner_imports (product_id, scenario_planner_id, created_by) values ($1, $2, $3)
         returning id, scenario_planner_id, import_success, message, created_at`,
        [productId, spPlanId, userId],
      );
      const job = await this.core.jobs.enqueue(IMPORT_JOB, { import_id: Number(row.id) }, { tx, userId, contextSlug });
      await tx.query('update scenario_planner_imports set job_id = $2 where id = $1', [row.id, job.id]);
      return importDto(row);
    });
  }

  /** SRV-115: the record goes; a job still waiting or running is cancelled. */
  async deleteImport(productId: number, id: number): Promise<void> {
    const [row] = await this.core.query<{ job_id: number | null }>('delete from scenario_planner_imports where id = $1 and product_id = $2 returning job_id', [
      id,
      productId,
    ]);
    if (!row) throw this.core.errors.notFound(`Plan import ${id} does not exist.`);
    if (row.job_id !== null) {
      const job = await this.core.jobs.get(Number(row.job_id));
      if (job && (job.state === 'queued' || job.state === 'running')) await this.core.jobs.cancel(job.id);
    }
  }
}

type ImportPayload = { import_id: number };

/**
 * The plan import (SRV-116) on core's job service: read the plan from the planning system, then
 * store it and mark the record Complete in the job's completing transaction. The planning system's
 * refusal (a 4xx: unknown id, a draft) fails at once with its reason; no answer or a 5xx is retried.
 * A job whose server died is claimed again once its lease runs out, and finishes there.
 */
export function planImportJob(
  core: ServerCore,
  planning: PlanningSystem,
  opts: { leaseMs?: number; maxAttempts?: number } = {},
): JobKind<ImportPayload, { plan: string }> {
  return {
    payload: z.object({ import_id: z.number().int().positive() }),
    leaseMs: opts.leaseMs ?? 30_000,
    maxAttempts: opts.maxAttempts ?? 3,
    backoff: { baseMs: 5_000, maxMs: 60_000 },
    async handler(job) {
      const [rec] = await core.query<{ scenario_planner_id: string }>('select scenario_planner_id from scenario_planner_imports where id = $1', [
        job.payload.import_id,
      ]);
      if (!rec) throw new PermanentError('The import was deleted.');
      let plan;
      try {
        plan = await planning.fetchPlan(rec.scenario_planner_id, job.signal);
      } catch (e) {
        if (e instanceof PlanningError && e.permanent) throw new PermanentError(e.message);
        throw e;
      }
      return job.complete(async (tx) => {
        const message = `Imported '${plan.name}' (${plan.media_lines.length} media line${plan.media_lines.length === 1 ? '' : 's'})`;
        await tx.query('update scenario_planner_imports set import_success = true, message = $2, plan = $3 where id = $1', [
          job.payload.import_id,
          message,
          JSON.stringify(plan),
        ]);
        return { plan: plan.name };
      });
    },
    async onFailure(tx, job) {
      const reason = job.state === 'cancelled' ? 'The import was cancelled.' : (job.error ?? 'The import failed.');
      await tx.query('update scenario_planner_imports set import_success = false, message = $2 where job_id = $1', [job.id, reason]);
    },
  };
}
