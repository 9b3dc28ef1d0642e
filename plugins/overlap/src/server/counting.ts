import type { CountsEngine, Rule } from '@discovery/counts';
import * as XLSX from '@e965/xlsx';
import { isSmallBase } from '@discovery/insights-kit/common';
import { bothDirections, cellText, type ComparisonCountsDto, type ComparisonDto } from '../common';
import type { CountsBody } from '../common';
import type * as z from 'zod';

/**
 * SRV-105: X × Y cells from the engine's overlap in the region of X-Context (matched or modeled
 * memberships, narrowed by the filter), and each segment's count there and over everyone.
 */
export async function comparisonCounts(
  e: CountsEngine,
  body: z.output<typeof CountsBody>,
  region: string | undefined,
  minBase: number,
): Promise<ComparisonCountsDto> {
  // Modeled charts exist only in tier 3 (the save refuses them elsewhere), where they read 'Sum of Weights'.
  const filter = body.filter as Rule | undefined;
  const ids = [...new Set([...body.x_axis_ids, ...body.y_axis_ids])];
  const [r, global] = await Promise.all(
    body.is_modeled
      ? [e.overlapWeights(body.x_axis_ids, body.y_axis_ids, { region, filter }), e.sumOfWeights(ids)]
      : [e.overlap(body.x_axis_ids, body.y_axis_ids, { kind: 'matched', region, filter }), e.counts(ids, { kind: 'matched' })],
  );
  return {
    cells: r.cells,
    population: r.population,
    segment_counts: Object.fromEntries([...r.x, ...r.y].map((s) => [s.id, s.count])),
    global_counts: global,
    min_base: minBase,
  };
}

/** SRV-106: the grid as the chart shows it, then one row per cell with every number. */
export async function exportWorkbook(e: CountsEngine, c: ComparisonDto, region: string | undefined, minBase: number): Promise<Buffer> {
  const counts = await comparisonCounts(
    e,
    {
      x_axis_ids: c.x_segments.map((s) => s.short_id),
      y_axis_ids: c.y_segments.map((s) => s.short_id),
      is_modeled: c.mode === 'modeled',
      is_index: c.mode === 'index',
    },
    region,
    minBase,
  );
  const labels = c.is_people_count ? counts.segment_counts : counts.global_counts;
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  // The cells are the region's; global label counts say they are not (issue 24: one base per screen).
  const labelOf = (n: number) => (c.is_people_count ? fmt(n) : `${fmt(n)} all regions`);
  const cell = (x: string, y: string) => counts.cells.find((k) => k.x === x && k.y === y)!;
  const grid: (string | number)[][] = [
    [c.name],
    [`${c.mode === 'index' ? 'Index' : c.mode === 'modeled' ? 'Modeled' : 'Matched'}`],
    [],
    [`${c.y_axis_name || 'Y'} \\ ${c.x_axis_name || 'X'}`, ...c.x_segments.map((s) => `${s.name} (${labelOf(labels[s.short_id] ?? 0)})`)],
    ...c.y_segments.map((ys) => [
      `${ys.name} (${labelOf(labels[ys.short_id] ?? 0)})`,
      ...c.x_segments.map((xs) => cellText(c.mode, cell(xs.short_id, ys.short_id), fmt)),
    ]),
  ];
  const rows: (string | number | boolean)[][] = [
    ['X', 'Y', 'X ∩ Y', '% of X in Y', '% of Y in X', 'Index', `Small base (< ${minBase})`],
    ...c.y_segments.flatMap((ys) =>
      c.x_segments.map((xs) => {
        const k = cell(xs.short_id, ys.short_id);
        const d = bothDirections(k, counts.segment_counts);
        return [
          xs.name,
          ys.name,
          Math.round(k.count),
          Math.round(d.xInY * 10) / 10,
          Math.round(d.yInX * 10) / 10,
          Math.round(k.index_value),
          isSmallBase(k.count, minBase),
        ];
      }),
    ),
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(grid), 'Overlap');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Cells');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
