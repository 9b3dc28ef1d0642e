import { createRouteRef, definePermission } from '@discovery/plugin-api';
import { z } from 'zod';

export const brandsAdminRoute = createRouteRef({ id: 'brands-admin.page', scope: 'product', path: 'brands-admin' });

export const brandsAdminPermissions = {
  read: definePermission('brands_admin', 'read'),
  create: definePermission('brands_admin', 'create'),
};

/** The one validation rule for an item, run by the form and by the server. */
export const brandsAdminItemInput = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'Name must be 100 characters or fewer.'),
});
export type BrandsAdminItemInput = z.infer<typeof brandsAdminItemInput>;

export interface BrandsAdminItem {
  id: number;
  name: string;
  created_at: string;
}
