import { defineServerPlugin } from '@discovery/plugin-api';
import type { ServerCore } from '@discovery/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { amsPermissions, audiencesPermissions, HOME_ENTITIES_MAX, type HomeEntityRow } from '../common';
import { audienceRows, refreshStale, registerAudienceRoutes, scopeOf, toAudienceDto, type Guard } from './audiences';
import { registerAmsRoutes } from './ams';
import { lookalikesOf, registerLookalikeRoutes } from './lookalikes';
import init from './migrations/0001_audiences.sql';
import { seedAudiences } from './seed';

export default defineServerPlugin<ServerCore, FastifyInstance>({
  id: 'audiences',
  permissions: [...Object.values(audiencesPermissions), amsPermissions.read],
  migrations: [{ id: '0001_audiences', sql: init }],
  register(router, core) {
    const guard: Guard = (action) => ({ preHandler: [core.requirePermission('audiences', action), core.requireContext('product')] });

    // SRV-039: the newest audiences and lookalikes of the context, for the home page.
    const homeQuery = z.object({ limit: z.coerce.number().int().min(1).max(HOME_ENTITIES_MAX).default(HOME_ENTITIES_MAX) });
    router.get('/home_entities', guard('read'), async (req) => {
      const { limit } = core.validate(homeQuery, req.query);
      const scope = scopeOf(req);
      const audiences = (await refreshStale(core, 'audiences', await audienceRows(core, 'a.product_id = $1 and a.region_id = $2 order by a.created_at desc, a.id desc limit $3', [scope.productId, scope.regionId, limit]), scope)).map(toAudienceDto);
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

    registerLookalikeRoutes(router, core, guard);
    registerAmsRoutes(router, core);
    registerAudienceRoutes(router, core, guard);
  },
  seed: seedAudiences,
});
