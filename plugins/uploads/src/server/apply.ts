import { insightUploads, type MarketScope, type MarketWidget, type OwnerOutline } from '@discovery/insights-kit/server';
import { columnLetter, type UploadErrorDto } from '@discovery/plugin-api';
import type { ResolvedContext, ServerCore } from '@discovery/server';
import { SURVEY_TEMPLATES, WIDGET_TEMPLATES, type ReadRow, type TemplateSpec, type UploadResultDto } from '../common';
import { num, str, type OwnerMapping } from './mappings';

const MAX_ATTRIBUTES = 50;
const MAX_NAME = 100;
const lower = (s: string) => s.trim().toLowerCase();

/** A widget being built from rows, with the rows that filled it (so a later conflict can name them). */
interface Building {
  widget: MarketWidget;
  sort: [number, number];
  kind: 'percent' | 'value';
  names: Set<string>;
  attrSort: number[];
}

/** Widgets by tab and name, the first row's kind deciding percent or value for the rest (Insights' one-kind rule). */
class WidgetSet {
  private readonly all = new Map<string, Building>();

  /** Adds a row's attribute; the error's column and message when it does not fit its widget, else null. */
  add(
    spec: TemplateSpec,
    r: ReadRow,
    w: {
      tab: string;
      name: string;
      category: string;
      attribute: string;
      percent: number | null;
      value: number | null;
      sort: [number, number];
      attrSort: number;
    },
    cols: { attribute: string; percent?: string; value?: string },
  ): UploadErrorDto | null {
    const col = (name: string | undefined) =>
      columnLetter(
        Math.max(
          0,
          spec.columns.findIndex((c) => c.name === name),
        ),
      );
    const key = `${lower(w.tab)}\u0000${lower(w.name)}`;
    const kind = w.percent !== null ? 'percent' : 'value';
    let b = this.all.get(key);
    if (!b) {
      b = { widget: { tab: w.tab, name: w.name, category: w.category, attributes: [] }, sort: w.sort, kind, names: new Set(), attrSort: [] };
      this.all.set(key, b);
    }
    if (b.kind !== kind)
      return {
        column: col(kind === 'percent' ? cols.percent : cols.value),
        row: r.row,
        message: `Widget '${w.name}' uses ${b.kind}s: use ${b.kind}s for every attribute of a widget.`,
      };
    if (b.names.has(lower(w.attribute))) return { column: col(cols.attribute), row: r.row, message: `'${w.attribute}' appears twice in widget '${w.name}'.` };
    if (b.widget.attributes.length >= MAX_ATTRIBUTES)
      return { column: col(cols.attribute), row: r.row, message: `A widget has at most ${MAX_ATTRIBUTES} attributes.` };
    b.names.add(lower(w.attribute));
    b.widget.attributes.push({ name: w.attribute, percent: w.percent, value: w.percent === null ? w.value : null });
    b.attrSort.push(w.attrSort);
    return null;
  }

  /** Tabs and widgets by their positions (the file's order where none is given); attributes likewise. */
  widgets(): MarketWidget[] {
    return [...this.all.values()]
      .map((b, i) => ({ b, i }))
      .sort((x, y) => x.b.sort[0] - y.b.sort[0] || x.b.sort[1] - y.b.sort[1] || x.i - y.i)
      .map(({ b }) => {
        const order = b.widget.attributes.map((a, i) => ({ a, s: b.attrSort[i], i })).sort((x, y) => x.s - y.s || x.i - y.i);
        return { ...b.widget, attributes: order.map((o) => o.a) };
      });
  }

  get size(): number {
    return this.all.size;
  }
}

/** What an upload will write, found before the transaction: the writes, the results table, the errors. */
export interface UploadPlan {
  writes: { scope: MarketScope; widgets: MarketWidget[]; mode: 'replace' | 'merge' }[];
  result: UploadResultDto;
}

const pushUnique = (list: string[][], row: string[]) => {
  if (!list.some((r) => r.length === row.length && r.every((v, i) => v === row[i]))) list.push(row);
};

/** UPL-017 / SRV-110 region: every valid row is the region's survey, which replaces the stored one. */
export function planRegion(ctx: ResolvedContext, rows: ReadRow[], errors: UploadErrorDto[]): UploadPlan {
  const spec = SURVEY_TEMPLATES.region;
  const set = new WidgetSet();
  const updated: string[][] = [];
  for (const r of rows) {
    const c = r.cells;
    const err = set.add(
      spec,
      r,
      {
        tab: str(c, 'Survey Name'),
        name: str(c, 'Question'),
        category: str(c, 'Question'),
        attribute: str(c, 'Answer'),
        percent: num(c, 'Answer Percent'),
        value: null,
        sort: [0, 0],
        attrSort: 0,
      },
      { attribute: 'Answer', percent: 'Answer Percent' },
    );
    if (err) errors.push(err);
    else pushUnique(updated, [str(c, 'Survey Name'), str(c, 'Question')]);
  }
  const widgets = set.widgets();
  return {
    writes: widgets.length ? [{ scope: { owner: 'region', regionId: ctx.region!.id }, widgets, mode: 'replace' }] : [],
    result: { data: { updated }, surveys: [...new Set(widgets.map((w) => w.tab))], errors },
  };
}

/**
 * UPL-018 / UPL-019 / UPL-037 / UPL-038: rows matched to a brand and product of the region in
 * X-Context, then to an owner (chart or journey) of that product and one of its pairs; a row that
 * matches nothing is an error naming the column, the others become that owner's widgets (merged).
 */
export async function planOwners(
  core: ServerCore,
  ctx: ResolvedContext,
  m: OwnerMapping,
  kind: 'mekkos' | 'journeys',
  rows: ReadRow[],
  errors: UploadErrorDto[],
): Promise<UploadPlan> {
  const spec = m.spec;
  const col = (name: string) => columnLetter(spec.columns.findIndex((c) => c.name === name));
  const region = ctx.region!;
  const outlines = new Map<number, OwnerOutline[]>();
  const registry = insightUploads(core);
  const perOwner = new Map<number, { productId: number; set: WidgetSet }>();
  const updated: string[][] = [];
  const touched = new Map<string, { name: string; groups: string[] }>();
  for (const r of rows) {
    const c = r.cells;
    const fail = (column: string, message: string) => errors.push({ column: col(column), row: r.row, message });
    const brand = region.brands.find((b) => lower(b.name) === lower(str(c, 'Brand')));
    if (!brand) {
      fail('Brand', `Brand '${str(c, 'Brand')}' is not in this region.`);
      continue;
    }
    const product = brand.products.find((p) => lower(p.name) === lower(str(c, 'Product')) && p.region_ids.includes(region.id));
    if (!product) {
      fail('Product', `Product '${str(c, 'Product')}' is not a product of ${brand.name} in this region.`);
      continue;
    }
    if (!outlines.has(product.id)) outlines.set(product.id, (await registry.outlines(kind, core, product.id)) ?? []);
    const owner = outlines.get(product.id)!.find((o) => lower(o.name) === lower(str(c, m.ownerColumn)));
    const noun = kind === 'mekkos' ? 'Chart' : 'Journey';
    if (!owner) {
      fail(m.ownerColumn, `${noun} '${str(c, m.ownerColumn)}' does not exist in ${product.name}.`);
      continue;
    }
    const group = owner.parts.find((p) => lower(p.group) === lower(str(c, m.groupColumn)));
    if (!group) {
      fail(m.groupColumn, `${m.groupColumn} '${str(c, m.groupColumn)}' does not exist in ${owner.name}.`);
      continue;
    }
    const pair = owner.parts.find((p) => lower(p.group) === lower(group.group) && lower(p.item) === lower(str(c, m.itemColumn)));
    if (!pair) {
      fail(m.itemColumn, `${m.itemColumn} '${str(c, m.itemColumn)}' does not exist under '${group.group}' in ${owner.name}.`);
      continue;
    }
    // The owner's own spelling of the names, so 'value seekers' and 'Value Seekers' are one tab.
    const named = { ...c, [m.groupColumn]: pair.group, [m.itemColumn]: pair.item };
    const tab = m.tab(named);
    if (tab.length > MAX_NAME) {
      fail(m.itemColumn, `The tab '${tab.slice(0, 40)}…' would be longer than ${MAX_NAME} characters: shorten the tab name.`);
      continue;
    }
    const entry = perOwner.get(owner.id) ?? { productId: product.id, set: new WidgetSet() };
    perOwner.set(owner.id, entry);
    const pos = (name?: string) => (name ? (num(c, name) ?? 0) : 0);
    const err = entry.set.add(
      spec,
      r,
      {
        tab,
        name: m.widget(named),
        category: m.category(named),
        attribute: str(c, m.attribute),
        percent: num(c, m.percent),
        value: num(c, m.value),
        sort: [pos(m.positions.tab), pos(m.positions.widget)],
        attrSort: pos(m.positions.attribute),
      },
      m,
    );
    if (err) {
      errors.push(err);
      continue;
    }
    pushUnique(updated, m.result(owner.name, named));
    const t = touched.get(String(owner.id)) ?? { name: owner.name, groups: [] };
    if (!t.groups.includes(pair.group)) t.groups.push(pair.group);
    touched.set(String(owner.id), t);
  }
  const writes = [...perOwner.entries()]
    .filter(([, e]) => e.set.size)
    .map(([id, e]) => ({
      scope: { owner: { kind, id, productId: e.productId }, regionId: region.id } satisfies MarketScope,
      widgets: e.set.widgets(),
      mode: 'merge' as const,
    }));
  const lists = [...touched.values()];
  const result: UploadResultDto = { data: { updated }, errors };
  if (spec === SURVEY_TEMPLATES.audience) result.mekkos = lists.map((t) => ({ name: t.name, markets: t.groups.map((name) => ({ name })) }));
  if (spec === SURVEY_TEMPLATES.journey) result.journeys = lists.map((t) => ({ name: t.name, brands: t.groups.map((name) => ({ name })) }));
  return { writes, result };
}

/**
 * UPL-039: rows matched to a brand and product of the region in X-Context; each product's 'All
 * Data' persona (the personas outline, kept by Explore) gets the rows as its custom Market Level
 * widgets: the tab by name, the widget by its demographic category (merged: others stay).
 */
export async function planPersonas(core: ServerCore, ctx: ResolvedContext, rows: ReadRow[], errors: UploadErrorDto[]): Promise<UploadPlan> {
  const spec = WIDGET_TEMPLATES.personas;
  const col = (name: string) => columnLetter(spec.columns.findIndex((c) => c.name === name));
  const region = ctx.region!;
  const registry = insightUploads(core);
  const allData = new Map<number, OwnerOutline | null>();
  const perOwner = new Map<number, { productId: number; set: WidgetSet }>();
  const updated: string[][] = [];
  for (const r of rows) {
    const c = r.cells;
    const fail = (column: string, message: string) => errors.push({ column: col(column), row: r.row, message });
    const brand = region.brands.find((b) => lower(b.name) === lower(str(c, 'Brand')));
    if (!brand) {
      fail('Brand', `Brand '${str(c, 'Brand')}' is not in this region.`);
      continue;
    }
    const product = brand.products.find((p) => lower(p.name) === lower(str(c, 'Product')) && p.region_ids.includes(region.id));
    if (!product) {
      fail('Product', `Product '${str(c, 'Product')}' is not a product of ${brand.name} in this region.`);
      continue;
    }
    if (!allData.has(product.id)) allData.set(product.id, ((await registry.outlines('personas', core, product.id)) ?? [])[0] ?? null);
    const owner = allData.get(product.id);
    if (!owner) {
      fail('Product', `${product.name} has no 'All Data' persona in this build.`);
      continue;
    }
    const tab = str(c, 'Tab Name');
    const widget = str(c, 'Demographic Category');
    const entry = perOwner.get(owner.id) ?? { productId: product.id, set: new WidgetSet() };
    perOwner.set(owner.id, entry);
    const err = entry.set.add(
      spec,
      r,
      {
        tab,
        name: widget,
        category: widget,
        attribute: str(c, 'Attribute Name'),
        percent: num(c, 'Attribute Percent'),
        value: null,
        sort: [0, num(c, 'Widget Position') ?? 0],
        attrSort: 0,
      },
      { attribute: 'Attribute Name', percent: 'Attribute Percent' },
    );
    if (err) {
      errors.push(err);
      continue;
    }
    pushUnique(updated, [tab, widget, str(c, 'Attribute Name')]);
  }
  const writes = [...perOwner.entries()]
    .filter(([, e]) => e.set.size)
    .map(([id, e]) => ({
      scope: { owner: { kind: 'personas' as const, id, productId: e.productId }, regionId: region.id } satisfies MarketScope,
      widgets: e.set.widgets(),
      mode: 'merge' as const,
    }));
  return { writes, result: { data: { updated }, errors } };
}
