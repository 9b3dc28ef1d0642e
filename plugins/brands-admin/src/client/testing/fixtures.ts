import { coreEndpoints, type BrandDto, type ProductDto, type ResponseOf } from '@discovery/plugin-api';
import { FakeServer, fixtures } from '@discovery/test-utils';
import { brandsAdminEndpoints } from '../../common';

/** Test data shaped like GET /api/v1/brands-admin/brands for the 'acme' client of fixtures.hierarchy() (regions us = 1, uk = 2). */
export function product(id: number, name: string, regionIds: number[], companyId: number | null = null, brandId = 1): ProductDto {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id,
    name,
    slug,
    fullSlug: `acme/us/brand/${slug}`,
    brand_id: brandId,
    conversant_company_id: companyId,
    region_ids: regionIds,
    product_regions: regionIds.map((r, i) => ({ id: id * 10 + i, region_id: r, product_id: id, id_env_product_slug: null })),
  };
}

export function brand(id: number, name: string, products: ProductDto[], extra: Partial<BrandDto> = {}): BrandDto {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    id,
    name,
    slug,
    fullSlug: `acme/us/${slug}`,
    category: null,
    client_id: 1,
    conversant_company_id: null,
    site_visit_segment_mapping: null,
    products: products.map((p) => ({ ...p, brand_id: id })),
    ...extra,
  };
}

/** Three brands, deliberately not in name order: Peak Water (US), Morning Brew (UK only), Fizz Cola (US). */
export function adminBrands(): BrandDto[] {
  return [
    brand(2, 'Peak Water', [product(3, 'Peak Still', [1])], {
      category: 'Water',
      conversant_company_id: 1200,
      site_visit_segment_mapping: { customer_site_visitors: { identifier: 'dmx-0001', name: '18-24' } },
    }),
    brand(4, 'morning Brew', [product(5, 'Morning Cold', [2])], { category: 'Coffee' }),
    brand(1, 'Fizz Cola', [product(1, 'Fizz Classic', [1]), product(2, 'Fizz Zero', [1], 1101)], { category: 'Soft Drinks' }),
  ];
}

export const ALL = { create: true, read: true, update: true, destroy: true };

/** The fake server of a Brand Management session: me, config (tier), hierarchy, the brands. */
export function brandsServer(opts: { permissions?: Record<string, Partial<typeof ALL>>; tier?: 1 | 2 | 3; brands?: BrandDto[] } = {}) {
  const me = fixtures.me(opts.permissions ? { permissions: opts.permissions } : {});
  const config = {
    tier: opts.tier ?? 1,
    logout_url: coreEndpoints.adfsLogout.path,
    help_urls: {},
    show_privacy_policy_link: false,
    service_desk_url: 'https://desk',
  };
  return new FakeServer()
    .on(coreEndpoints.me, { data: me })
    .on(coreEndpoints.config, { data: config as ResponseOf<typeof coreEndpoints.config>['data'] })
    .on(coreEndpoints.languages, { data: [{ value: 'en', text: 'English' }] })
    .on(coreEndpoints.hierarchy, { data: fixtures.hierarchy() as ResponseOf<typeof coreEndpoints.hierarchy>['data'] })
    .on(brandsAdminEndpoints.brands, { data: opts.brands ?? adminBrands() });
}
