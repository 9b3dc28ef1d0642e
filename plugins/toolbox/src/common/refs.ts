import { createRouteRef, definePermission, noticeRoute } from '@discovery/plugin-api';

/** TBX-012: the toolbox management screen, the lazy 'toolbox' module under the product context. */
export const toolboxAdminRoute = createRouteRef({ id: 'toolbox.admin', scope: 'product', path: 'toolbox' });

/** TBX-014 / A-11: the embedded frame at region level and at product level. */
export const toolboxAppRoutes = {
  region: createRouteRef({ id: 'toolbox.app.region', scope: 'region', path: 'toolbox-app/:unitName' }),
  product: createRouteRef({ id: 'toolbox.app.product', scope: 'product', path: 'toolbox-app/:unitName' }),
};

/** TBX-024: the notice page is the shell's `noticeRoute` (the brand/product guard redirects there). */
export { noticeRoute };

/**
 * 002 §6 names `toolbox_client_configuration: R`. Writes use the same resource's create, update and
 * destroy actions (the spec names no other resource for them).
 */
export const toolboxPermissions = {
  read: definePermission('toolbox_client_configuration', 'read'),
  create: definePermission('toolbox_client_configuration', 'create'),
  update: definePermission('toolbox_client_configuration', 'update'),
  destroy: definePermission('toolbox_client_configuration', 'destroy'),
};
export const allToolboxPermissions = Object.values(toolboxPermissions);

/** TBX-013: the client feature flag that gates embedded applications. */
export const APPLICATIONS_FLAG = 'applications';

/** TBX-018: the frame's slow-load limit. */
export const FRAME_SLOW_MS = 60_000;
