import { Id, text } from '@discovery/plugin-api/zod';
import * as z from 'zod';
import { SCN_MESSAGES as M } from './messages';

/** 002 §3: the parameters every curve carries (the cost method and CPP apart). */
export const CURVE_NUMBER_PARAMS = ['Base', 'Slope', 'Acceleration', 'Asymptote', 'Asymmetry'] as const;
export type CurveNumberParam = (typeof CURVE_NUMBER_PARAMS)[number];

/** SCN-016: cost method options, CPM = 1 and CPP = 0. */
export const COST_METHODS = { CPM: 1, CPP: 0 } as const;
export type CostMethod = (typeof COST_METHODS)[keyof typeof COST_METHODS];

/** A parameter as a form holds it (typed text) or as stored (a number); the rules decide. */
const Numish = z.union([z.number(), z.string().max(40)]).nullish();

/**
 * One curve of a create_curves body (SRV-117). Only the shape is checked here: the rules
 * (`curveFieldErrors`) run per curve, so one bad row answers in error_messages while the others
 * are saved (SCN-028), not as a 422 for the whole body.
 */
export const CurveInputSchema = z.object({
  id: Id.nullish(),
  /** The client's name for a row not saved yet; error_messages are keyed by it (else by id, else by position). */
  key: z.string().max(64).optional(),
  /** The shared text rule (no control or bidi characters); empty is the per-curve rule's (SCN-028). */
  media_type: text({ min: 0, max: 200 }),
  curve_type_name: z.string().max(100),
  is_generic: z.boolean(),
  isTRP: z.boolean().optional(),
  params: z.object({
    Base: Numish,
    Slope: Numish,
    Acceleration: Numish,
    Asymptote: Numish,
    Asymmetry: Numish,
    CppOrCpm: Numish,
    CPP: Numish,
  }),
});
export type CurveInput = z.input<typeof CurveInputSchema>;

/** SRV-117: the body of create_curves, a list of curves of one set. */
export const CreateCurvesBodySchema = z.array(CurveInputSchema).min(1, 'Send at least one curve.').max(200, 'Send at most 200 curves at once.');

/** SCN-004 / SRV-116: the import body. */
export const ImportBodySchema = z.object({
  // A Project ID is one path segment of the planning system's address: '.' or '..' would name its parent.
  sp_plan_id: text({ min: 1, max: 64, required: M.projectIdRequired }).refine((id) => !/^\.+$/.test(id) && !/[/\\?#%]/.test(id), M.projectIdInvalid),
});

/** A stored curve as the API answers it (002 §3). */
export interface CurveDto {
  id: number;
  media_type: string;
  curve_type_name: string;
  is_generic: boolean;
  isTRP: boolean;
  params: {
    Base: number;
    Slope: number;
    Acceleration: number;
    Asymptote: number;
    Asymmetry: number;
    CppOrCpm: CostMethod;
    CPP: number | null;
  };
  error_messages?: string[];
}

/** SCN-017: curve types, an object keyed by type name. */
export interface CurveTypeDefinition {
  /** A TRP curve is bought by rating points: it carries a CPP (SCN-024). */
  is_trp: boolean;
  description: string;
}
export type CurveTypesDto = Record<string, CurveTypeDefinition>;

/** SRV-117: create_curves' answer. */
export interface CreateCurvesResponse {
  curves: CurveDto[];
  error_messages: Record<string, string[]>;
}

/** 002 §3 / SRV-114: a plan import; import_success null = submitted. */
export interface PlanImportDto {
  id: number;
  scenario_planner_id: string;
  import_success: boolean | null;
  message: string | null;
  created_at: string;
}
