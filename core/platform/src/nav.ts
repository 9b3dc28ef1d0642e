import { NAV_CATEGORIES, type ClientPlugin, type NavCategory, type SessionSnapshot } from '@discovery/plugin-api';
import { contextReaches, RouteTable } from './routeTable';
import type { DynamicNavItem } from './tokens';

export interface NavEntry {
  key: string;
  pluginId: string;
  labelKey: string;
  icon: string;
  href: string;
  enabled: boolean;
  /** Literal label of a dynamic entry (used instead of labelKey). */
  label?: string;
  /** Opens in a new tab (an address outside the app). */
  external?: boolean;
}

export interface NavModel {
  /** Items without a category (Home), before the categories. */
  top: NavEntry[];
  /** SHELL-004: categories in the fixed order; a category with no visible item is left out. */
  categories: { category: NavCategory; items: NavEntry[] }[];
}

/** The left navigation for a session: SHELL-004, SHELL-005 (DESIGN: hide empty categories), SHELL-007. */
export function buildNav(
  plugins: readonly ClientPlugin[],
  s: SessionSnapshot,
  failed: ReadonlySet<string> = new Set(),
  dynamic: readonly DynamicNavItem[] = [],
): NavModel {
  const h = s.hierarchy;
  const routes = new RouteTable(plugins);
  const entries: (NavEntry & { category?: NavCategory; order: number })[] = [];
  for (const p of plugins) {
    for (const [i, item] of (p.nav ?? []).entries()) {
      if (!contextReaches(item.target.scope, h)) continue;
      if (item.visibleWhen && !item.visibleWhen(s)) continue;
      let href: string;
      try {
        href = item.target.link(h);
      } catch {
        continue;
      }
      entries.push({
        key: `${p.id}:${i}`,
        pluginId: p.id,
        labelKey: item.labelKey,
        icon: item.icon,
        href,
        // Never a live link to a page its route would refuse (SHELL-007 renders such an item disabled).
        enabled: !failed.has(p.id) && (item.enabledWhen ? item.enabledWhen(s) : true) && (!routes.has(item.target) || routes.allows(item.target, s)),
        category: item.category,
        order: item.order ?? 100,
      });
    }
  }
  for (const [i, d] of dynamic.entries()) {
    entries.push({
      key: `dynamic:${d.key}`,
      pluginId: '',
      labelKey: d.label,
      label: d.label,
      icon: d.icon,
      href: d.href,
      enabled: true,
      external: d.external === true,
      category: d.category,
      order: d.order ?? 1000 + i,
    });
  }
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const strip = ({ category: _c, order: _o, ...e }: (typeof entries)[number]): NavEntry => e;
  return {
    top: entries
      .filter((e) => !e.category)
      .sort(byOrder)
      .map(strip),
    categories: NAV_CATEGORIES.map((category) => ({
      category,
      items: entries
        .filter((e) => e.category === category)
        .sort(byOrder)
        .map(strip),
    })).filter((c) => c.items.length > 0),
  };
}

/**
 * The one entry to highlight for a path: the entry whose address is the path or a folder of it
 * (whole segments: '/x/toolbox' is not a folder of '/x/toolbox-app/Demo'), the longest if several.
 */
export function activeNavKey(model: NavModel, pathname: string): string | null {
  let best: NavEntry | null = null;
  for (const e of [...model.top, ...model.categories.flatMap((c) => c.items)]) {
    if (e.external || !e.enabled) continue;
    const href = e.href.split('?')[0].replace(/\/+$/, '');
    if ((pathname === href || pathname.startsWith(`${href}/`)) && (!best || href.length > best.href.split('?')[0].length)) best = e;
  }
  return best?.key ?? null;
}
