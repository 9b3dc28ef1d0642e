/** Lower-case a-z0-9 words joined by '-' (SRV-038: unique within the parent). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function isPrefix(a: string[], b: string[]): boolean {
  return a.length <= b.length && a.every((s, i) => s === b[i]);
}

/**
 * SRV-003: may a user holding `grants` see the node at `slug`? '*' sees everything; a grant
 * covers its own node and everything below it, and lets the user open the nodes above it
 * (a user granted 'acme/us/fizz' can open client 'acme', where they see only fizz).
 */
export function isSlugVisible(grants: readonly string[], slug: string): boolean {
  const target = slug.split('/').filter(Boolean);
  return grants.some((g) => {
    if (g === '*') return true;
    const grant = g.split('/').filter(Boolean);
    return isPrefix(grant, target) || isPrefix(target, grant);
  });
}

/** Does a grant cover this node and everything under it (not only a path through it)? */
export function isSlugCovered(grants: readonly string[], slug: string): boolean {
  const target = slug.split('/').filter(Boolean);
  return grants.some((g) => g === '*' || isPrefix(g.split('/').filter(Boolean), target));
}
