import type { ClientDto } from '@discovery/plugin-api';

/**
 * Hierarchy access as sets of slugs (SHELL-075, SRV-020/021): '*' or client[/region[/brand[/product]]].
 * A slug reaches itself and everything under it.
 */
export type GrantState = 'granted' | 'inherited' | 'partial' | 'none';

/** A node of the picker's tree: client > region > brand > product. */
export interface GrantNode {
  slug: string;
  name: string;
  level: 'client' | 'region' | 'brand' | 'product';
  children: GrantNode[];
}

export function grantNodes(tree: ClientDto[]): GrantNode[] {
  return tree.map((c) => ({
    slug: c.fullSlug,
    name: c.name,
    level: 'client',
    children: c.regions.map((r) => ({
      slug: r.fullSlug,
      name: r.name,
      level: 'region',
      children: r.brands.map((b) => ({
        slug: b.fullSlug,
        name: b.name,
        level: 'brand',
        children: b.products.map((p) => ({ slug: p.fullSlug, name: p.name, level: 'product', children: [] })),
      })),
    })),
  }));
}

const under = (slug: string, ancestor: string) => ancestor === '*' || slug.startsWith(`${ancestor}/`);

/** How a node stands: granted itself, reached through an ancestor (or '*'), holding granted descendants, or none. */
export function grantState(slugs: readonly string[], slug: string): GrantState {
  if (slugs.includes(slug)) return 'granted';
  if (slugs.some((s) => under(slug, s))) return 'inherited';
  if (slugs.some((s) => under(s, slug))) return 'partial';
  return 'none';
}

/**
 * Grants or removes one node. Granting a node drops the grants under it (they add nothing);
 * a node reached through an ancestor is not toggled here (remove the ancestor first).
 */
export function toggleGrant(slugs: readonly string[], slug: string): string[] {
  const state = grantState(slugs, slug);
  if (state === 'inherited') return [...slugs];
  if (state === 'granted') return slugs.filter((s) => s !== slug);
  return [...slugs.filter((s) => !under(s, slug)), slug].sort();
}
