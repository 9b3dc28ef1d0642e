import type { CSSProperties } from 'react';

/** Layout of the Brand Management cards (inline: a lazily loaded page chunk brings no stylesheet). */
export const styles = {
  /** Within the 1240px a 1440px screen leaves beside the nav, so every card's actions stay in view. */
  page: { maxWidth: 1120 } satisfies CSSProperties,
  productForm: { maxWidth: 560 } satisfies CSSProperties,
  brandCard: { marginBottom: 16 } satisfies CSSProperties,
  cardHeader: { display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 } satisfies CSSProperties,
  fields: { display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 4, columnGap: 16, margin: '8px 0' } satisfies CSSProperties,
  term: { fontWeight: 600 } satisfies CSSProperties,
  value: { margin: 0 } satisfies CSSProperties,
  actions: { display: 'flex', gap: 8, marginTop: 8 } satisfies CSSProperties,
  productList: { display: 'flex', flexDirection: 'column', gap: 8, marginTop: 12, paddingLeft: 32 } satisfies CSSProperties,
  productCard: { padding: 12 } satisfies CSSProperties,
  brandForm: { maxWidth: 560 } satisfies CSSProperties,
};
