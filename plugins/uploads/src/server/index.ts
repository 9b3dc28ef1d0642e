import { insightUploads } from '@discovery/insights-kit/server';
import { defineServerPlugin, uploadPermissions, type UploadErrorDto } from '@discovery/plugin-api';
import { handle, HttpError, positiveIntFromEnv, readUploadedSheet, type ResolvedContext, type ServerCore, type UploadForm } from '@discovery/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_MAX_ROWS,
  headerError,
  readTemplateRows,
  SURVEY_TEMPLATES,
  uploadsEndpoints as E,
  uploadTypePermissions,
  WIDGET_TEMPLATES,
  type ReadRow,
  type TemplateSpec,
  type UploadResultDto,
} from '../common';
import { planOwners, planPersonas, planRegion, type UploadPlan } from './apply';
import { OWNER_MAPPINGS, type OwnerMapping } from './mappings';
import { personaTemplateRows, templateRows } from './template';

export interface UploadsServerOptions {
  /** Rows one file may have under its header (DISCOVERY_UPLOADS_MAX_ROWS); default 10,000. */
  maxRows?: number;
}

/** 422 when no row of the file could be applied: nothing was written, every row's errors are listed. */
export const noValidRowsMessage = (errors: number) =>
  `No row of the file could be uploaded (${errors} ${errors === 1 ? 'error' : 'errors'}): nothing was changed. Fix them and upload again.`;

/**
 * The bulk uploads (002 §2.4, §2.6, §5, §7; SRV-109..111): the surveys (region, audience, journey)
 * and the Grow and journey widgets, all into the Insights panel's Market Level through the insight
 * kit's upload registry (the insights plugin writes its tables; Grow and Journeys list their charts).
 * Every file is read on core.sheets' thread and refused whole when it is hostile or odd; its valid
 * rows then apply in one transaction while the rows with errors are listed.
 */
export function uploadsServer(opts: UploadsServerOptions = {}) {
  const maxRows = opts.maxRows ?? positiveIntFromEnv('DISCOVERY_UPLOADS_MAX_ROWS', DEFAULT_MAX_ROWS);
  return defineServerPlugin<ServerCore, FastifyInstance>({
    id: 'uploads',
    permissions: [...Object.values(uploadTypePermissions).flatMap((p) => Object.values(p)), ...Object.values(uploadPermissions)],
    register(router, core) {
      const registry = insightUploads(core);

      const sendTemplate = async (reply: FastifyReply, spec: TemplateSpec, rows: Awaited<ReturnType<typeof templateRows>>) => {
        const file = await core.sheets.write([{ name: 'Template', rows }], 'biff8');
        // the spec's .csv name, the content an .xls workbook (what step 2 opens and step 3 takes).
        return reply.header('content-type', 'application/vnd.ms-excel').header('content-disposition', `attachment; filename="${spec.file}"`).send(file);
      };

      const upload = async (
        req: FastifyRequest,
        form: UploadForm,
        spec: TemplateSpec,
        plan: (rows: ReadRow[], errors: UploadErrorDto[]) => Promise<UploadPlan> | UploadPlan,
      ): Promise<UploadResultDto> => {
        core.requirePermission(req, uploadPermissions.create);
        const store = registry.marketLevel();
        if (!store) throw new HttpError(503, 'Uploads need the insights plugin in this build.');
        const sheet = await readUploadedSheet(core.sheets, form.file, { maxRows });
        const header = headerError(spec, sheet[0]);
        if (header) throw new HttpError(422, header.message, { template: header.message }, { errors: [header] });
        const read = readTemplateRows(spec, sheet);
        const p = await plan(read.rows, read.errors);
        if (!p.writes.length) {
          const message = noValidRowsMessage(p.result.errors.length);
          throw new HttpError(422, message, { template: message }, { errors: p.result.errors });
        }
        // One transaction per file: every valid row, or (on any failure) none.
        await core.transaction(async (tx) => {
          for (const w of p.writes) await store.write(tx, w.scope, w.widgets, w.mode);
        });
        return p.result;
      };

      const owners = (m: OwnerMapping, kind: 'mekkos' | 'journeys', ctx: ResolvedContext) => (rows: ReadRow[], errors: UploadErrorDto[]) =>
        planOwners(core, ctx, m, kind, rows, errors);

      // SRV-109 / UPL-014
      handle(router, E.surveyTemplate, async ({ params: { type }, context }, _req, reply) => {
        const spec = SURVEY_TEMPLATES[type];
        const m = type === 'region' ? null : OWNER_MAPPINGS[type];
        return sendTemplate(reply, spec, await templateRows(core, context, spec, m, type === 'region' ? null : type === 'audience' ? 'mekkos' : 'journeys'));
      });

      // SRV-110 / UPL-017..019
      handle(router, E.surveyUpload, async ({ params: { type }, context, form }, req) => {
        const spec = SURVEY_TEMPLATES[type];
        if (type === 'region') return upload(req, form, spec, (rows, errors) => planRegion(context, rows, errors));
        return upload(req, form, spec, owners(OWNER_MAPPINGS[type], type === 'audience' ? 'mekkos' : 'journeys', context));
      });

      // SRV-111 / UPL-034
      handle(router, E.mekkosTemplate, async ({ context }, _req, reply) =>
        sendTemplate(reply, WIDGET_TEMPLATES.mekkos, await templateRows(core, context, WIDGET_TEMPLATES.mekkos, OWNER_MAPPINGS.mekkos, 'mekkos')),
      );
      handle(router, E.journeysTemplate, async ({ context }, _req, reply) =>
        sendTemplate(reply, WIDGET_TEMPLATES.journeys, await templateRows(core, context, WIDGET_TEMPLATES.journeys, OWNER_MAPPINGS.journeys, 'journeys')),
      );

      // SRV-112 / UPL-037 / UPL-038
      handle(router, E.mekkosUpload, async ({ context, form }, req) =>
        upload(req, form, WIDGET_TEMPLATES.mekkos, owners(OWNER_MAPPINGS.mekkos, 'mekkos', context)),
      );
      handle(router, E.journeysUpload, async ({ context, form }, req) =>
        upload(req, form, WIDGET_TEMPLATES.journeys, owners(OWNER_MAPPINGS.journeys, 'journeys', context)),
      );

      // UPL-039 / SRV-111 / SRV-112: the 'All Data' persona's custom Market Level widgets (Explore keeps the personas).
      handle(router, E.personasTemplate, async ({ context }, _req, reply) =>
        sendTemplate(reply, WIDGET_TEMPLATES.personas, await personaTemplateRows(core, context)),
      );
      handle(router, E.personasUpload, async ({ context, form }, req) =>
        upload(req, form, WIDGET_TEMPLATES.personas, (rows, errors) => planPersonas(core, context, rows, errors)),
      );
    },
  });
}

export default uploadsServer();
