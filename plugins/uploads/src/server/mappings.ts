import type { MarketWidget } from '@discovery/insights-kit/server';
import type { SheetCell } from '@discovery/server';
import { SURVEY_TEMPLATES, WIDGET_TEMPLATES, type ReadRow, type TemplateSpec } from '../common';

type Cells = ReadRow['cells'];
const str = (c: Cells, name: string) => (c[name] === null || c[name] === undefined ? '' : String(c[name]));
const num = (c: Cells, name: string | undefined) => (name && typeof c[name] === 'number' ? (c[name] as number) : null);

/**
 * How a template's rows become Market Level widgets of an owner (a chart or journey matched by
 * name, then one of its (group, item) pairs: a market's audience, a brand's stage), and back into
 * template rows for the download. A pair's widgets sit in tabs of their own, named
 * '<tab>: <audience>' (Grow) or '<tab>: <brand> / <stage>' (Journeys), so two audiences never share one.
 */
/** A template row's pair: where it sits (positions from 1, in the owner's order). */
export interface TemplateBase {
  brand: string;
  product: string;
  owner: string;
  group: string;
  item: string;
  groupPos: number;
  itemPos: number;
}

export interface OwnerMapping {
  spec: TemplateSpec;
  ownerColumn: string;
  groupColumn: string;
  itemColumn: string;
  tab(c: Cells): string;
  widget(c: Cells): string;
  category(c: Cells): string;
  attribute: string;
  percent?: string;
  value?: string;
  /** Sort keys: tabs, widgets, attributes (the file's order where a template has none). */
  positions: { tab?: string; widget?: string; attribute?: string };
  /** The results table's row (spec.resultColumns). */
  result(owner: string, c: Cells): string[];
  /** The suffix that ties a tab to its pair, and a template row from a stored widget's attribute. */
  suffix(group: string, item: string): string;
  row(base: TemplateBase, w?: { tab: string; widget: MarketWidget; attr: number; widgetPos: number }): Record<string, SheetCell>;
}

const pairTab = (tab: string, group: string, item: string, journeys: boolean) => `${tab}: ${journeys ? `${group} / ${item}` : item}`;

function survey(spec: TemplateSpec, owner: string, group: string, item: string, journeys: boolean): OwnerMapping {
  return {
    spec,
    ownerColumn: owner,
    groupColumn: group,
    itemColumn: item,
    tab: (c) => pairTab(str(c, 'Survey Name'), str(c, group), str(c, item), journeys),
    widget: (c) => str(c, 'Question'),
    category: (c) => str(c, 'Question'),
    attribute: 'Answer',
    percent: 'Answer Percent',
    value: 'Answer Count',
    positions: {},
    result: (o, c) => [o, str(c, group), str(c, item), str(c, 'Survey Name')],
    suffix: (g, i) => `: ${journeys ? `${g} / ${i}` : i}`,
    row: (b, w) => {
      const a = w?.widget.attributes[w.attr];
      return {
        Brand: b.brand,
        Product: b.product,
        [owner]: b.owner,
        [group]: b.group,
        [item]: b.item,
        'Survey Name': w ? w.tab : null,
        Question: w?.widget.name ?? null,
        Answer: a?.name ?? null,
        'Answer Percent': a?.percent ?? null,
        'Answer Count': a && a.percent === null ? a.value : null,
      };
    },
  };
}

export const OWNER_MAPPINGS = {
  audience: survey(SURVEY_TEMPLATES.audience, 'Chart Name', 'Market Segment', 'Audience', false),
  journey: survey(SURVEY_TEMPLATES.journey, 'Journey Name', 'Journey Brand Name', 'Journey Stage Name', true),
  mekkos: {
    spec: WIDGET_TEMPLATES.mekkos,
    ownerColumn: 'Chart Name',
    groupColumn: 'Market',
    itemColumn: 'Audience',
    tab: (c) => pairTab(str(c, 'Tab Name'), str(c, 'Market'), str(c, 'Audience'), false),
    widget: (c) => str(c, 'Widget Name'),
    category: (c) => str(c, 'Widget Name'),
    attribute: 'Attribute Name',
    percent: 'Attribute Percent',
    positions: { tab: 'Tab Position', widget: 'Widget Position' },
    result: (o, c) => [o, str(c, 'Market'), str(c, 'Audience')],
    suffix: (_g, i) => `: ${i}`,
    row: (b, w) => {
      const a = w?.widget.attributes[w.attr];
      return {
        Brand: b.brand,
        Product: b.product,
        'Chart Name': b.owner,
        Market: b.group,
        Audience: b.item,
        'Tab Name': w?.tab ?? null,
        'Tab Position': null,
        'Widget Name': w?.widget.name ?? null,
        'Widget Position': w ? w.widgetPos : null,
        'Attribute Name': a?.name ?? null,
        'Attribute Percent': a?.percent ?? null,
      };
    },
  },
  journeys: {
    spec: WIDGET_TEMPLATES.journeys,
    ownerColumn: 'Journey Name',
    groupColumn: 'Journey Brand Name',
    itemColumn: 'Journey Stage Name',
    tab: (c) => pairTab(str(c, 'Tab Name') || 'Market Level', str(c, 'Journey Brand Name'), str(c, 'Journey Stage Name'), true),
    widget: (c) => str(c, 'Widget Name') || 'Attributes',
    category: (c) => str(c, 'Demographic Category') || str(c, 'Widget Name') || 'Attributes',
    attribute: 'Attribute Name',
    percent: 'Attribute Percent',
    value: 'Attribute Value',
    positions: { widget: 'Widget Position', attribute: 'Attribute Position' },
    result: (o, c) => [o, str(c, 'Journey Brand Name'), str(c, 'Journey Stage Name')],
    suffix: (g, i) => `: ${g} / ${i}`,
    row: (b, w) => {
      const a = w?.widget.attributes[w.attr];
      return {
        Brand: b.brand,
        Product: b.product,
        'Journey Name': b.owner,
        'Journey Brand Name': b.group,
        'Journey Brand Position': b.groupPos,
        'Journey Stage Name': b.item,
        'Journey Stage Position': b.itemPos,
        'Attribute Name': a?.name ?? null,
        'Attribute Position': w ? w.attr + 1 : null,
        'Tab Name': w?.tab ?? null,
        'Widget Name': w?.widget.name ?? null,
        'Widget Position': w ? w.widgetPos : null,
        'Demographic Category': w?.widget.category ?? null,
        'Attribute Value': a && a.percent === null ? a.value : null,
        'Attribute Percent': a?.percent ?? null,
      };
    },
  },
} satisfies Record<string, OwnerMapping>;

export { num, str };
