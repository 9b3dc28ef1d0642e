import { createRouteRef, defineEndpoint, definePermission, typed, uploadPermissions, type UploadErrorDto } from '@discovery/plugin-api';
import { IdParams } from '@discovery/plugin-api/zod';
// A namespace import: esbuild then bundles only the parts of zod in use (npm run size).
import * as z from 'zod';

export * from './templates';
export { UPLOAD_MESSAGES, uploadPermissions, type UploadErrorDto } from '@discovery/plugin-api';

/** UPL-001 / A-30: {client}/{region}/upload/{type}_upload/admin; mekkos = Grow/Widgets, journeys = Journeys/Widgets (discussions: its own plugin). */
export const surveysUploadRoute = createRouteRef({ id: 'uploads.surveys', scope: 'region', path: 'upload/surveys_upload/admin' });
export const mekkosUploadRoute = createRouteRef({ id: 'uploads.mekkos', scope: 'region', path: 'upload/mekkos_upload/admin' });
export const journeysUploadRoute = createRouteRef({ id: 'uploads.journeys', scope: 'region', path: 'upload/journeys_upload/admin' });
/** personas = Explore/Widgets. */
export const personasUploadRoute = createRouteRef({ id: 'uploads.personas', scope: 'region', path: 'upload/personas_upload/admin' });

/** UPL-002: each screen's type resource (beside `upload`). */
export const UPLOAD_RESOURCES = { surveys: 'upload_surveys', mekkos: 'upload_mekkos', journeys: 'upload_journeys', personas: 'upload_personas' } as const;
export type UploadScreen = keyof typeof UPLOAD_RESOURCES;
const perm = (screen: UploadScreen, action: 'read' | 'create') => definePermission(UPLOAD_RESOURCES[screen], action);
export const uploadTypePermissions = {
  surveys: { read: perm('surveys', 'read'), create: perm('surveys', 'create') },
  mekkos: { read: perm('mekkos', 'read'), create: perm('mekkos', 'create') },
  journeys: { read: perm('journeys', 'read'), create: perm('journeys', 'create') },
  personas: { read: perm('personas', 'read'), create: perm('personas', 'create') },
};

/** An .xls template is small; a bigger body is refused before it is read (413 naming the limit; the page checks first). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Files above this many bytes are applied by the core job `uploads.apply` (DISCOVERY_UPLOADS_JOB_BYTES):
 * the upload answers 202 with the job, and the page shows its progress until it ends.
 */
export const DEFAULT_JOB_BYTES = 512 * 1024;
/** The core job that applies a large file (its rows and its state change in one transaction). */
export const UPLOAD_JOB = 'uploads.apply';

/** Rows one file may have under its header (DISCOVERY_UPLOADS_MAX_ROWS). */
export const DEFAULT_MAX_ROWS = 10_000;

/** UPL-008 / UPL-009: how long the notices stay, per screen. */
export const NOTICE_MS: Record<UploadScreen, { success: number; failure: number }> = {
  surveys: { success: 4000, failure: 5000 },
  mekkos: { success: 4000, failure: 6000 },
  journeys: { success: 4000, failure: 6000 },
  // UPL-008: 'Upload Complete' on the personas page lasts 6 s.
  personas: { success: 6000, failure: 6000 },
};

/** SRV-110 / SRV-112: the upload's answer. `updated` rows follow the template's resultColumns; surveys also answer their own lists. */
export interface UploadResultDto {
  data: { updated: string[][] };
  /** SRV-110, region: the survey names now in the region. */
  surveys?: string[];
  /** SRV-110, audience: the charts touched, each with its markets. */
  mekkos?: { name: string; markets: { name: string }[] }[];
  /** SRV-110, journey: the journeys touched, each with its brands. */
  journeys?: { name: string; brands: { name: string }[] }[];
  errors: UploadErrorDto[];
  /** A file above the job size: queued as a core job (202); the rest comes from the job's status. */
  job?: { id: number };
}

/** A queued upload's job as its page polls it; `result` when completed, `refused` when the file was refused whole (nothing applied). */
export interface UploadJobDto {
  id: number;
  state: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  progress: number;
  progressText: string | null;
  result: UploadResultDto | null;
  refused: { message: string; errors: UploadErrorDto[] } | null;
  error: string | null;
}

const SurveyTypeParams = z.object({ type: z.enum(['region', 'audience', 'journey'], { error: 'type must be one of region, audience, journey' }) });
const region = 'region' as const;
const BASE = '/api/v1/uploads';

/** SRV-109..112 (DESIGN paths under the plugin's prefix, {insights}/api/v1/uploads/...). */
export const uploadsEndpoints = {
  surveyTemplate: defineEndpoint({
    method: 'GET',
    path: `${BASE}/surveys/:type/template`,
    access: { permission: uploadTypePermissions.surveys.read, scope: region },
    params: SurveyTypeParams,
    raw: true,
  }),
  surveyUpload: defineEndpoint({
    method: 'POST',
    path: `${BASE}/surveys/:type`,
    access: { permission: uploadTypePermissions.surveys.create, scope: region },
    params: SurveyTypeParams,
    upload: { field: 'template', maxBytes: UPLOAD_MAX_BYTES },
    response: typed<UploadResultDto>(),
  }),
  mekkosTemplate: defineEndpoint({
    method: 'GET',
    path: `${BASE}/mekkos/template`,
    access: { permission: uploadTypePermissions.mekkos.read, scope: region },
    raw: true,
  }),
  mekkosUpload: defineEndpoint({
    method: 'POST',
    path: `${BASE}/mekkos`,
    access: { permission: uploadTypePermissions.mekkos.create, scope: region },
    upload: { field: 'template', maxBytes: UPLOAD_MAX_BYTES },
    response: typed<UploadResultDto>(),
  }),
  journeysTemplate: defineEndpoint({
    method: 'GET',
    path: `${BASE}/journeys/template`,
    access: { permission: uploadTypePermissions.journeys.read, scope: region },
    raw: true,
  }),
  journeysUpload: defineEndpoint({
    method: 'POST',
    path: `${BASE}/journeys`,
    access: { permission: uploadTypePermissions.journeys.create, scope: region },
    upload: { field: 'template', maxBytes: UPLOAD_MAX_BYTES },
    response: typed<UploadResultDto>(),
  }),
  /** A queued upload's progress and outcome: the user's own job only (404 otherwise). */
  job: defineEndpoint({
    method: 'GET',
    path: `${BASE}/jobs/:id`,
    access: { permission: uploadPermissions.read, scope: region },
    params: IdParams,
    response: typed<{ data: UploadJobDto }>(),
  }),
  personasTemplate: defineEndpoint({
    method: 'GET',
    path: `${BASE}/personas/template`,
    access: { permission: uploadTypePermissions.personas.read, scope: region },
    raw: true,
  }),
  personasUpload: defineEndpoint({
    method: 'POST',
    path: `${BASE}/personas`,
    access: { permission: uploadTypePermissions.personas.create, scope: region },
    upload: { field: 'template', maxBytes: UPLOAD_MAX_BYTES },
    response: typed<UploadResultDto>(),
  }),
};
