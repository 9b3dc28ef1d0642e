import { defineEndpoint, typed, type BrandDto, type ProductDto } from '@discovery/plugin-api';
import { IdParam, IdParams } from '@discovery/plugin-api/zod';
import * as z from 'zod';
import { brandsAdminPermissions as P } from './refs';
import { BrandBodySchema, ClientBodySchema, RegionBodySchema, type AdminClientDto, type AdminRegionDto } from './schema';

const inClient = <T extends (typeof P)[keyof typeof P]>(permission: T) => ({ permission, scope: 'client' }) as const;
const anywhere = <T extends (typeof P)[keyof typeof P]>(permission: T) => ({ permission, scope: 'none' }) as const;

/**
 * Brand Management's API under /api/v1/brands-admin (the {clients} service of 000 §7). Brand and
 * product calls act on the client of X-Context; client calls on the clients the grants reach.
 * Bodies carry the spec's rule wording, so a refused one reads as its first rule.
 */
export const brandsAdminEndpoints = {
  brands: defineEndpoint({ method: 'GET', path: '/api/v1/brands-admin/brands', access: inClient(P.brandsRead), response: typed<{ data: BrandDto[] }>() }),
  /** SRV-030: a new brand (no id) with its products. */
  createBrand: defineEndpoint({
    method: 'POST',
    path: '/api/v1/brands-admin/brands',
    access: inClient(P.brandsCreate),
    body: BrandBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: BrandDto }>(),
  }),
  /** SRV-031: the brand and its nested products in one transaction. */
  updateBrand: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/brands-admin/brands/:id',
    access: inClient(P.brandsUpdate),
    params: IdParams,
    body: BrandBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: BrandDto }>(),
  }),
  /** SRV-032 */
  deleteBrand: defineEndpoint({ method: 'DELETE', path: '/api/v1/brands-admin/brands/:id', access: inClient(P.brandsDestroy), params: IdParams }),
  /** SRV-033: the client's products, whatever the region. */
  products: defineEndpoint({
    method: 'GET',
    path: '/api/v1/brands-admin/products',
    access: inClient(P.productsRead),
    response: typed<{ data: ProductDto[] }>(),
  }),
  /** SRV-034 */
  deleteProduct: defineEndpoint({ method: 'DELETE', path: '/api/v1/brands-admin/products/:id', access: inClient(P.productsDestroy), params: IdParams }),
  /** BRAND-059: the clients the user's grants reach, with their regions. */
  clients: defineEndpoint({
    method: 'GET',
    path: '/api/v1/brands-admin/clients',
    access: anywhere(P.clientsRead),
    response: typed<{ data: AdminClientDto[] }>(),
  }),
  /** SRV-028 / BRAND-059: clients are saved like brands, POST without id, PUT with it. */
  createClient: defineEndpoint({
    method: 'POST',
    path: '/api/v1/brands-admin/clients',
    access: anywhere(P.clientsCreate),
    body: ClientBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: AdminClientDto }>(),
  }),
  updateClient: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/brands-admin/clients/:id',
    access: anywhere(P.clientsUpdate),
    params: IdParams,
    body: ClientBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: AdminClientDto }>(),
  }),
  /** SRV-029 */
  addRegion: defineEndpoint({
    method: 'POST',
    path: '/api/v1/brands-admin/clients/:clientId/regions',
    access: anywhere(P.regionsCreate),
    params: z.object({ clientId: IdParam }),
    body: RegionBodySchema,
    bodyErrors: 'rule',
    response: typed<{ data: AdminRegionDto }>(),
  }),
};
