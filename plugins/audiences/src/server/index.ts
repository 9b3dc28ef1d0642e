import { defineServerPlugin } from '@discovery/plugin-api';
import { owners, ownerTable } from '@discovery/insights-kit/server';
import { handle, type ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { amsPermissions, audiencesEndpoints as E, audiencesPermissions, type HomeEntityRow } from '../common';
import { audienceRows, refreshStale, registerAudienceRoutes, scopeOf, toAudienceDto } from './audiences';
import { registerAmsRoutes } from './ams';
import { lookalikesOf, registerLookalikeRoutes } from './lookalikes';
import init from './migrations/0001_audiences.sql';
import sharing from './migrations/0002_sharing.sql';
import { registerSharingRoutes } from './sharing';
import { seedAudiences } from './seed';

export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'audiences',
  permissions: [...Object.values(audiencesPermissions), amsPermissions.read],
  migrations: [
    { id: '0001_audiences', sql: init },
    { id: '0002_sharing', sql: sharing },
  ],
  register(router, core) {
    // Insight widgets need their owner to exist in the product (issue 25 §6).
    owners(core).registerKind('audiences', ownerTable('audiences'));
    // SRV-067: what other clients shared with the context's client.
    registerSharingRoutes(router, core);
    // SRV-039: the newest audiences and lookalikes of the context, for the home page.
    handle(router, E.homeEntities, async ({ query: { limit }, context }) => {
      const scope = scopeOf(context);
      const audiences = (
        await refreshStale(
          core,
          'audiences',
          await audienceRows(core, 'a.product_id = $1 and a.region_id = $2 order by a.created_at desc, a.id desc limit $3', [
            scope.productId,
            scope.regionId,
            limit,
          ]),
          scope,
        )
      ).map(toAudienceDto);
      const lookalikes = await lookalikesOf(core, scope, limit);
      const row = (d: (typeof audiences)[number] | (typeof lookalikes)[number]): HomeEntityRow => ({
        id: d.id,
        name: d.name,
        type: d.type,
        audience_type: d.audience_type,
        count: { people: { global: d.count.people.global } },
        created_at: d.created_at,
        source_identifier: d.source_identifier,
      });
      return { audiences: audiences.map(row), lookalikes: lookalikes.map(row) };
    });

    registerLookalikeRoutes(router, core);
    registerAmsRoutes(router, core);
    registerAudienceRoutes(router, core);
  },
  seed: seedAudiences,
});
