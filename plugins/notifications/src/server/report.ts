import type { Rule } from '@discovery/counts';
import type { ServerCore } from '@discovery/server';
import * as XLSX from '@e965/xlsx';
import { RetryLater, type BuildReport } from './runner';

/**
 * An index report: the audience's share of every demographic segment and its index against the
 * population of the report's region (100 = average), one workbook with a summary on top.
 */
export function indexReportBuilder(core: ServerCore): BuildReport {
  return async (task) => {
    const engine = await core.counts().catch(() => {
      throw new RetryLater('the population is not ready yet');
    });
    const [client, region] = task.product_slug.split('/');
    const key = `${client}/${region}`;
    const inRegion = engine.manifest.regions.some((r) => r.key === key) ? key : undefined;
    const demographic = engine.manifest.segments.filter((s) => s.demographic && !s.deleted && !s.expired);
    // unknown or deleted segments in the rules fail the task with the engine's message naming them
    const ids = demographic.map((s) => s.short_id);
    const p = await engine.profile(task.rules as Rule, ids, { region: inRegion });
    const sizes = await engine.counts(ids, { region: inRegion });
    const rows: (string | number)[][] = [
      ['Index report', task.ui_name ?? task.name],
      ['Hierarchy', task.product_slug],
      ['Requested', new Date(task.created_at).toISOString().slice(0, 10)],
      ['Audience size', p.audience],
      ['Population', p.population],
      [],
      ['Category', 'Segment', 'Identifier', 'Audience people', 'Share of audience', 'Share of population', 'Index'],
    ];
    p.rows.forEach((r, i) => {
      const s = demographic[i];
      const base = p.population ? sizes[s.short_id] / p.population : 0;
      rows.push([s.path[s.path.length - 1], s.name, s.short_id, r.count, round(r.share), round(base), Math.round(r.index)]);
    });
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Index Report');
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    return { file, path: `reports/${task.request_id}.xlsx` };
  };
}

const round = (v: number) => Math.round(v * 10000) / 10000;
