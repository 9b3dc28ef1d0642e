import { NAV_CATEGORIES, type NavCategory } from '@discovery/plugin-api';
import { ALL_REGIONS, type RegionRef, type ToolboxCategoryDto, type ToolboxUnitDto } from './schema';

/** What the navigation rule looks at: the current region, whether a product is selected, the client's flags. */
export interface NavContext {
  regionId: number | null | undefined;
  productSelected: boolean;
  /** TBX-013: the client's 'applications' flag. */
  applicationsEnabled: boolean;
}

/** TBX-001 / TBX-015: region_ids holds 'all' or the region's id. */
export function regionAllowed(regionIds: readonly RegionRef[], regionId: number | null | undefined): boolean {
  return regionIds.includes(ALL_REGIONS) || (regionId !== null && regionId !== undefined && regionIds.some((r) => r !== ALL_REGIONS && Number(r) === regionId));
}

/**
 * TBX-001: a unit shows in the left navigation only when its status is true, region_ids contains
 * 'all' or the current region, and, with use_client_hierarchy, a product is selected.
 * TBX-013: without the client's 'applications' flag, embedded (iframed) units are hidden.
 */
export function unitVisibleInNav(unit: Pick<ToolboxUnitDto, 'status' | 'region_ids' | 'use_client_hierarchy' | 'iframed'>, ctx: NavContext): boolean {
  if (unit.status !== true) return false;
  if (!regionAllowed(unit.region_ids, ctx.regionId)) return false;
  if (unit.use_client_hierarchy && !ctx.productSelected) return false;
  if (unit.iframed && !ctx.applicationsEnabled) return false;
  return true;
}

/**
 * TBX-004: the visible units under their navigation category (feature_module_category), in the
 * fixed category order; inside a category by toolbox category priority (units without one last),
 * then by name.
 */
export function navUnitGroups(units: readonly ToolboxUnitDto[], ctx: NavContext): { category: NavCategory; units: ToolboxUnitDto[] }[] {
  const visible = units.filter((u) => unitVisibleInNav(u, ctx));
  return NAV_CATEGORIES.map((category) => ({
    category,
    units: visible.filter((u) => u.feature_module_category === category).sort(compareUnits),
  })).filter((g) => g.units.length > 0);
}

export function compareUnits(a: ToolboxUnitDto, b: ToolboxUnitDto): number {
  const pa = a.category_priority ?? Number.POSITIVE_INFINITY;
  const pb = b.category_priority ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;
}

/** TBX-015 inputs: the route's client and unit, the current region, the client's units. */
export interface IframeGuardInput {
  clientSlug: string | undefined;
  unitName: string | undefined;
  regionId: number | null | undefined;
  units: readonly ToolboxUnitDto[];
  applicationsEnabled: boolean;
}

/**
 * TBX-015: navigation to the frame is allowed only if the named unit is iframed, belongs to the
 * route's client and its region_ids include 'all' or the current region (TBX-013: and the client
 * has 'applications'). Returns the unit, or null for "redirect to home".
 */
export function iframeUnitGuard(input: IframeGuardInput): ToolboxUnitDto | null {
  if (!input.applicationsEnabled || !input.clientSlug || !input.unitName) return null;
  const unit = input.units.find((u) => u.name === input.unitName);
  if (!unit) return null;
  if (!unit.iframed || unit.status !== true) return null;
  if (unit.client_slug !== input.clientSlug) return null;
  if (!regionAllowed(unit.region_ids, input.regionId)) return null;
  return unit;
}

/** TBX-008: hiding sets status false, clears the category and sets iframed false. */
export function hiddenUnit<U extends Pick<ToolboxUnitDto, 'status' | 'category_id' | 'iframed'>>(unit: U): U {
  return { ...unit, status: false, category_id: null, iframed: false };
}

/** TBX-007: a new unit is sent with status true and no id. */
export function newUnitBody<U extends { id?: number | null; status?: boolean }>(unit: U): Omit<U, 'id'> & { status: true } {
  const { id: _id, ...rest } = unit;
  return { ...rest, status: true };
}

/**
 * TBX-011: the priorities after moving the category at `from` to `to` in the priority order:
 * 0, 1, 2... in the new order (one bulk call carries them all).
 */
export function reorderedPriorities(
  categories: readonly Pick<ToolboxCategoryDto, 'id' | 'priority' | 'name'>[],
  from: number,
  to: number,
): { id: number; priority: number }[] {
  const list = [...categories].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list.map((c, i) => ({ id: c.id, priority: i }));
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return list.map((c, i) => ({ id: c.id, priority: i }));
}
