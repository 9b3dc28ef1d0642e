import { insightUploads } from '@discovery/insights-kit/server';
import { defineServerPlugin, isXlsName, UPLOAD_MESSAGES, uploadPermissions, type UploadErrorDto } from '@discovery/plugin-api';
import {
  handle,
  HttpError,
  isOleFile,
  PermanentError,
  positiveIntFromEnv,
  readUploadedSheet,
  type ResolvedContext,
  type ServerCore,
  type UploadedFile,
  type UploadForm,
} from '@discovery/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_JOB_BYTES,
  DEFAULT_MAX_ROWS,
  headerError,
  readTemplateRows,
  SURVEY_TEMPLATES,
  UPLOAD_JOB,
  uploadsEndpoints as E,
  uploadTypePermissions,
  WIDGET_TEMPLATES,
  type ReadRow,
  type TemplateSpec,
  type UploadJobDto,
  type UploadResultDto,
} from '../common';
import { planOwners, planPersonas, planRegion, type UploadPlan } from './apply';
import { OWNER_MAPPINGS } from './mappings';
import init from './migrations/0001_uploads.sql';
import { personaTemplateRows, templateRows } from './template';

export interface UploadsServerOptions {
  /** Rows one file may have under its header (DISCOVERY_UPLOADS_MAX_ROWS); default 10,000. */
  maxRows?: number;
  /** Files above this many bytes are applied by the core job uploads.apply (DISCOVERY_UPLOADS_JOB_BYTES); default 512 KB. */
  jobBytes?: number;
}

/** 422 when no row of the file could be applied: nothing was written, every row's errors are listed. */
export const noValidRowsMessage = (errors: number) =>
  `No row of the file could be uploaded (${errors} ${errors === 1 ? 'error' : 'errors'}): nothing was changed. Fix them and upload again.`;

/** What one upload is: its template and how its valid rows become Market Level writes. */
type UploadKind = 'surveys:region' | 'surveys:audience' | 'surveys:journey' | 'mekkos' | 'journeys' | 'personas';
type Planner = (rows: ReadRow[], errors: UploadErrorDto[]) => Promise<UploadPlan> | UploadPlan;

interface JobPayload {
  fileId: number;
}

/** The region of a queued upload's X-Context (a job has the slug, not the request). */
function regionContext(tree: Awaited<ReturnType<ServerCore['hierarchy']>>, slug: string): ResolvedContext | null {
  const [c, r] = slug.split('/');
  const client = tree.find((x) => x.slug === c);
  const region = client?.regions.find((x) => x.slug === r);
  return client && region ? { slug, client, region } : null;
}

/**
 * The bulk uploads (002 §2.4, §2.6, §5, §7; SRV-109..112): the surveys (region, audience, journey),
 * the Grow, journey and persona widgets, all into the Insights panel's Market Level through the
 * insight kit's upload registry (the insights plugin writes its tables; Grow, Journeys and Explore
 * list their owners). Every file is read on core.sheets' thread and refused whole when it is
 * hostile or odd; its valid rows then apply in one transaction while the rows with errors are
 * listed. A file above `jobBytes` is applied the same way by the core job `uploads.apply`, whose
 * progress the page shows.
 */
export function uploadsServer(opts: UploadsServerOptions = {}) {
  const maxRows = opts.maxRows ?? positiveIntFromEnv('DISCOVERY_UPLOADS_MAX_ROWS', DEFAULT_MAX_ROWS);
  const jobBytes = opts.jobBytes ?? positiveIntFromEnv('DISCOVERY_UPLOADS_JOB_BYTES', DEFAULT_JOB_BYTES);
  return defineServerPlugin<ServerCore, FastifyInstance>({
    id: 'uploads',
    permissions: [...Object.values(uploadTypePermissions).flatMap((p) => Object.values(p)), ...Object.values(uploadPermissions)],
    migrations: [{ id: '0001_uploads', sql: init }],
    register(router, core) {
      const registry = insightUploads(core);

      const kinds: Record<UploadKind, { spec: TemplateSpec; plan(ctx: ResolvedContext): Planner }> = {
        'surveys:region': { spec: SURVEY_TEMPLATES.region, plan: (ctx) => (rows, errors) => planRegion(ctx, rows, errors) },
        'surveys:audience': {
          spec: SURVEY_TEMPLATES.audience,
          plan: (ctx) => (rows, errors) => planOwners(core, ctx, OWNER_MAPPINGS.audience, 'mekkos', rows, errors),
        },
        'surveys:journey': {
          spec: SURVEY_TEMPLATES.journey,
          plan: (ctx) => (rows, errors) => planOwners(core, ctx, OWNER_MAPPINGS.journey, 'journeys', rows, errors),
        },
        mekkos: { spec: WIDGET_TEMPLATES.mekkos, plan: (ctx) => (rows, errors) => planOwners(core, ctx, OWNER_MAPPINGS.mekkos, 'mekkos', rows, errors) },
        journeys: {
          spec: WIDGET_TEMPLATES.journeys,
          plan: (ctx) => (rows, errors) => planOwners(core, ctx, OWNER_MAPPINGS.journeys, 'journeys', rows, errors),
        },
        personas: { spec: WIDGET_TEMPLATES.personas, plan: (ctx) => (rows, errors) => planPersonas(core, ctx, rows, errors) },
      };

      const storeOrFail = () => {
        const store = registry.marketLevel();
        if (!store) throw new HttpError(503, 'Uploads need the insights plugin in this build.');
        return store;
      };

      /** The file read and planned; HttpError (nothing written) when it is refused whole or no row applies. */
      const planFile = async (kind: UploadKind, ctx: ResolvedContext, file: UploadedFile | null, progress?: (f: number, text: string) => Promise<void>) => {
        const { spec, plan } = kinds[kind];
        const sheet = await readUploadedSheet(core.sheets, file, { maxRows });
        await progress?.(0.4, 'Checking the rows');
        const header = headerError(spec, sheet[0]);
        if (header) throw new HttpError(422, header.message, { template: header.message }, { errors: [header] });
        const read = readTemplateRows(spec, sheet);
        const p = await plan(ctx)(read.rows, read.errors);
        if (!p.writes.length) {
          const message = noValidRowsMessage(p.result.errors.length);
          throw new HttpError(422, message, { template: message }, { errors: p.result.errors });
        }
        await progress?.(0.7, 'Applying the rows');
        return p;
      };

      const sendTemplate = async (reply: FastifyReply, spec: TemplateSpec, rows: Awaited<ReturnType<typeof templateRows>>) => {
        const file = await core.sheets.write([{ name: 'Template', rows }], 'biff8');
        // the spec's .csv name, the content an .xls workbook (what step 2 opens and step 3 takes).
        return reply.header('content-type', 'application/vnd.ms-excel').header('content-disposition', `attachment; filename="${spec.file}"`).send(file);
      };

      const upload = async (
        req: FastifyRequest,
        reply: FastifyReply,
        { context: ctx, form, userId }: { context: ResolvedContext; form: UploadForm; userId: number },
        kind: UploadKind,
      ): Promise<UploadResultDto> => {
        core.requirePermission(req, uploadPermissions.create);
        const store = storeOrFail();
        const file = form.file;
        if (file && file.data.length > jobBytes) {
          // The refusals that need no reading come at once; the rest is the job's.
          if (!isXlsName(file.filename)) throw new HttpError(415, UPLOAD_MESSAGES.xlsOnly, { template: UPLOAD_MESSAGES.xlsOnly });
          if (!isOleFile(file.data)) throw new HttpError(422, UPLOAD_MESSAGES.unreadable, { template: UPLOAD_MESSAGES.unreadable });
          // The file and its job in one transaction: a job never waits for a file that is not there.
          const job = await core.transaction(async (tx) => {
            const [row] = await tx.query<{ id: number }>(
              'insert into uploads_files (kind, context_slug, user_id, filename, data) values ($1, $2, $3, $4, $5) returning id',
              [kind, ctx.slug, userId, file.filename, file.data],
            );
            return core.jobs.enqueue<JobPayload>(UPLOAD_JOB, { fileId: Number(row.id) }, { tx, userId, contextSlug: ctx.slug });
          });
          reply.code(202);
          return { data: { updated: [] }, errors: [], job: { id: job.id } };
        }
        const p = await planFile(kind, ctx, file);
        // One transaction per file: every valid row, or (on any failure) none.
        await core.transaction(async (tx) => {
          for (const w of p.writes) await store.write(tx, w.scope, w.widgets, w.mode);
        });
        return p.result;
      };

      /** The job's result: the upload's answer, or the refusal (the file refused whole, nothing applied). */
      type JobResult = { result: UploadResultDto; refused: null } | { result: null; refused: { message: string; errors: UploadErrorDto[] } };
      core.jobs.register<JobPayload, JobResult>(UPLOAD_JOB, {
        maxAttempts: 2,
        leaseMs: 60_000,
        async handler(job) {
          const [f] = await core.query<{ kind: UploadKind; context_slug: string; filename: string; data: Buffer }>(
            'select kind, context_slug, filename, data from uploads_files where id = $1',
            [job.payload.fileId],
          );
          if (!f) throw new PermanentError('The uploaded file is no longer there: upload it again.');
          await job.progress(0.1, 'Reading the file');
          const ctx = regionContext(await core.hierarchy(), f.context_slug);
          if (!ctx) throw new PermanentError('The region of the upload no longer exists.');
          const store = storeOrFail();
          const dropFile = (tx: Parameters<Parameters<typeof job.complete>[0]>[0]) => tx.query('delete from uploads_files where id = $1', [job.payload.fileId]);
          let p: UploadPlan;
          try {
            p = await planFile(f.kind, ctx, { filename: f.filename, data: Buffer.from(f.data) }, (fraction, text) => job.progress(fraction, text));
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            const errors = (e.extra?.errors ?? []) as UploadErrorDto[];
            return job.complete(async (tx) => {
              await dropFile(tx);
              return { result: null, refused: { message: e.message, errors } };
            });
          }
          // One transaction per file: the rows, the file's removal and the job's completion together.
          return job.complete(async (tx) => {
            for (const w of p.writes) await store.write(tx, w.scope, w.widgets, w.mode);
            await dropFile(tx);
            return { result: p.result, refused: null };
          });
        },
        async onFailure(tx, job) {
          await tx.query('delete from uploads_files where id = $1', [job.payload.fileId]);
        },
      });

      // A queued upload's progress and outcome, for the user who sent it.
      handle(router, E.job, async ({ params: { id }, auth }) => {
        const job = await core.jobs.get<JobPayload, JobResult>(id);
        if (!job || job.kind !== UPLOAD_JOB || job.userId !== auth.user.id) throw new HttpError(404, 'No such upload.');
        const data: UploadJobDto = {
          id: job.id,
          state: job.state,
          progress: job.progress,
          progressText: job.progressText,
          result: job.result?.result ?? null,
          refused: job.result?.refused ?? null,
          error: job.state === 'failed' || job.state === 'cancelled' ? (job.error ?? 'The upload failed: nothing was changed.') : null,
        };
        return { data };
      });

      // SRV-109 / UPL-014
      handle(router, E.surveyTemplate, async ({ params: { type }, context }, _req, reply) => {
        const spec = SURVEY_TEMPLATES[type];
        const m = type === 'region' ? null : OWNER_MAPPINGS[type];
        return sendTemplate(reply, spec, await templateRows(core, context, spec, m, type === 'region' ? null : type === 'audience' ? 'mekkos' : 'journeys'));
      });

      // SRV-110 / UPL-017..019
      handle(router, E.surveyUpload, async ({ params: { type }, context, form, auth }, req, reply) =>
        upload(req, reply, { context, form, userId: auth.user.id }, `surveys:${type}`),
      );

      // SRV-111 / UPL-034
      handle(router, E.mekkosTemplate, async ({ context }, _req, reply) =>
        sendTemplate(reply, WIDGET_TEMPLATES.mekkos, await templateRows(core, context, WIDGET_TEMPLATES.mekkos, OWNER_MAPPINGS.mekkos, 'mekkos')),
      );
      handle(router, E.journeysTemplate, async ({ context }, _req, reply) =>
        sendTemplate(reply, WIDGET_TEMPLATES.journeys, await templateRows(core, context, WIDGET_TEMPLATES.journeys, OWNER_MAPPINGS.journeys, 'journeys')),
      );

      // SRV-112 / UPL-037 / UPL-038
      handle(router, E.mekkosUpload, async ({ context, form, auth }, req, reply) => upload(req, reply, { context, form, userId: auth.user.id }, 'mekkos'));
      handle(router, E.journeysUpload, async ({ context, form, auth }, req, reply) => upload(req, reply, { context, form, userId: auth.user.id }, 'journeys'));

      // UPL-039 / SRV-111 / SRV-112: the 'All Data' persona's custom Market Level widgets (Explore keeps the personas).
      handle(router, E.personasTemplate, async ({ context }, _req, reply) =>
        sendTemplate(reply, WIDGET_TEMPLATES.personas, await personaTemplateRows(core, context)),
      );
      handle(router, E.personasUpload, async ({ context, form, auth }, req, reply) => upload(req, reply, { context, form, userId: auth.user.id }, 'personas'));
    },
  });
}

export default uploadsServer();
