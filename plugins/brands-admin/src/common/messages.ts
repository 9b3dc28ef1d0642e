/**
 * The validation messages of 000 §5 as the spec words them (and the team's DESIGN ones). The
 * server's 422 bodies carry them; the client shows the same text through i18n (`validation.*` in
 * locales/en.json, checked equal by a test), so the two cannot drift apart.
 */
export const BRAND_MESSAGES = {
  brandNameRequired: 'Brand name is required.',
  /** BRAND-031 / A-13: the shared invalid-ID message, for brand and product. */
  invalidId: 'Please enter a valid ID',
  productNameRequired: 'Product name is required.',
  productExists: 'This product already exists.',
  /** BRAND-043 DESIGN. */
  regionRequired: 'Select at least one region.',
  /** BRAND-035, SRV-034. */
  lastProduct: 'Brands must have at least one product.',
} as const;

export type BrandMessageKey = keyof typeof BRAND_MESSAGES;
