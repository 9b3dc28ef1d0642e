import { insightUploads } from '@discovery/insights-kit/server';
import type { ResolvedContext, ServerCore, SheetCell } from '@discovery/server';
import { SURVEY_TEMPLATES, WIDGET_TEMPLATES, type TemplateSpec } from '../common';
import type { OwnerMapping } from './mappings';

const toRow = (spec: TemplateSpec, cells: Record<string, SheetCell>): SheetCell[] => spec.columns.map((c) => cells[c.name] ?? null);

/**
 * UPL-014 / SRV-109 / SRV-111: the template filled with what the region holds now, so editing
 * means changing, not retyping: the region survey's answers; for charts and journeys, one row per
 * attribute of each pair's widgets, or one row naming the pair to fill in. Cells that look like
 * formulas are written as text cells (SheetJS writes strings as strings, never as formulas).
 */
export async function templateRows(
  core: ServerCore,
  ctx: ResolvedContext,
  spec: TemplateSpec,
  m: OwnerMapping | null,
  kind: 'mekkos' | 'journeys' | null,
): Promise<SheetCell[][]> {
  const rows: SheetCell[][] = [spec.columns.map((c) => c.name)];
  const registry = insightUploads(core);
  const store = registry.marketLevel();
  const region = ctx.region!;
  if (spec === SURVEY_TEMPLATES.region) {
    for (const w of (await store?.read(core, { owner: 'region', regionId: region.id })) ?? [])
      for (const a of w.attributes) rows.push(toRow(spec, { 'Survey Name': w.tab, Question: w.name, Answer: a.name, 'Answer Percent': a.percent }));
    return rows;
  }
  if (!m || !kind) return rows;
  for (const brand of region.brands)
    for (const product of brand.products.filter((p) => p.region_ids.includes(region.id))) {
      for (const owner of (await registry.outlines(kind, core, product.id)) ?? []) {
        const widgets = (await store?.read(core, { owner: { kind, id: owner.id, productId: product.id }, regionId: region.id })) ?? [];
        const groups = [...new Set(owner.parts.map((p) => p.group))];
        const items = [...new Set(owner.parts.map((p) => p.item))];
        for (const p of owner.parts) {
          const base = {
            brand: brand.name,
            product: product.name,
            owner: owner.name,
            group: p.group,
            item: p.item,
            groupPos: groups.indexOf(p.group) + 1,
            itemPos: items.indexOf(p.item) + 1,
          };
          const suffix = m.suffix(p.group, p.item);
          const mine = widgets.filter((w) => w.tab.endsWith(suffix) && w.tab.length > suffix.length);
          if (!mine.length) rows.push(toRow(spec, m.row(base)));
          let widgetPos = 0;
          for (const w of mine) {
            widgetPos++;
            const tab = w.tab.slice(0, -suffix.length);
            w.attributes.forEach((a, attr) => {
              // Grow's template has percents only; a value-only attribute is left for the journey and survey templates.
              if (!m.value && a.percent === null) return;
              rows.push(toRow(spec, m.row(base, { tab, widget: w, attr, widgetPos })));
            });
          }
        }
      }
    }
  return rows;
}

/**
 * UPL-034 / SRV-111: Persona_Template.csv filled with each product's 'All Data' persona's custom
 * Market Level widgets (one row per attribute), or one row naming the brand and product to fill in.
 */
export async function personaTemplateRows(core: ServerCore, ctx: ResolvedContext): Promise<SheetCell[][]> {
  const spec = WIDGET_TEMPLATES.personas;
  const rows: SheetCell[][] = [spec.columns.map((c) => c.name)];
  const registry = insightUploads(core);
  const store = registry.marketLevel();
  const region = ctx.region!;
  for (const brand of region.brands)
    for (const product of brand.products.filter((p) => p.region_ids.includes(region.id))) {
      const [owner] = (await registry.outlines('personas', core, product.id)) ?? [];
      if (!owner) continue;
      const widgets = (await store?.read(core, { owner: { kind: 'personas', id: owner.id, productId: product.id }, regionId: region.id })) ?? [];
      const base = { Brand: brand.name, Product: product.name };
      const filled = widgets.filter((w) => w.attributes.some((a) => a.percent !== null));
      if (!filled.length) rows.push(toRow(spec, base));
      const positions = new Map<string, number>();
      for (const w of filled) {
        const pos = (positions.get(w.tab) ?? 0) + 1;
        positions.set(w.tab, pos);
        for (const a of w.attributes)
          if (a.percent !== null)
            rows.push(
              toRow(spec, {
                ...base,
                'Tab Name': w.tab,
                'Demographic Category': w.name,
                'Widget Position': pos,
                'Attribute Name': a.name,
                'Attribute Percent': a.percent,
              }),
            );
      }
    }
  return rows;
}
