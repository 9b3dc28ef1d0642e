import type { CountsEngine, SegmentEntry } from '@discovery/counts';
import type * as z from 'zod';
import { DEMOGRAPHICS_TAB_KEY, type InsightTabDto, type ProfileBody, type ProfileDto, type ProfileRowDto } from '../common';

type Body = z.output<typeof ProfileBody>;

/** A segment's category: the last part of its path (Age, Gender, Household Income, ...). */
const categoryOf = (s: SegmentEntry) => s.path[s.path.length - 1];

/**
 * Person Level for the audience(s): the share of each attribute segment in each audience and its
 * index against the population of the context's region, for every demographic category of the
 * taxonomy (the built-in 'Demographics' tab, one widget per category) and the owner's custom
 * Person Level widgets. One engine profile per audience over every segment needed.
 * Segments the provider no longer has (deleted or expired) are listed as unavailable (GROW-077).
 */
export async function personProfile(
  e: CountsEngine,
  body: Body,
  region: string | undefined,
  custom: readonly InsightTabDto[],
  builtInName: string,
): Promise<ProfileDto> {
  const demographic = e.manifest.segments.filter((s) => s.demographic && !s.deleted && !s.expired);
  const usable = (id: string) => {
    const s = e.segment(id);
    return !!s && !s.expired;
  };
  const customIds = custom.flatMap((t) => t.widgets.flatMap((w) => w.attributes.map((a) => a.segment_identifier).filter((x): x is string => !!x)));
  const ids = [...new Set([...demographic.map((s) => s.short_id), ...customIds.filter(usable)])];
  const results = await Promise.all(body.audiences.map((a) => e.profile(a.rules, ids, { region, kind: body.membership })));
  const population = results[0]?.population ?? 0;
  const at = new Map(ids.map((id, i) => [id, i]));
  const row = (name: string, id: string): ProfileRowDto => {
    const i = at.get(id);
    if (i === undefined) return { name, identifier: id, population_share: null, values: [], unavailable: true };
    const seg = results[0].rows[i].segment;
    return {
      name,
      identifier: id,
      population_share: population ? seg / population : 0,
      values: results.map((r) => ({ count: r.rows[i].count, share: r.rows[i].share, index: r.rows[i].index })),
      unavailable: false,
    };
  };
  const categories = [...new Set(demographic.map(categoryOf))];
  return {
    population,
    audiences: body.audiences.map((a, i) => ({ name: a.name, size: results[i].audience })),
    tabs: [
      {
        id: null,
        key: DEMOGRAPHICS_TAB_KEY,
        name: builtInName,
        widgets: categories.map((c) => ({
          id: null,
          key: `${DEMOGRAPHICS_TAB_KEY}:${c}`,
          name: c,
          category: c,
          rows: demographic.filter((s) => categoryOf(s) === c).map((s) => row(s.name, s.short_id)),
        })),
      },
      ...custom.map((t) => ({
        id: t.id,
        key: `tab:${t.id}`,
        name: t.name,
        widgets: t.widgets.map((w) => ({
          id: w.id,
          key: `widget:${w.id}`,
          name: w.name,
          category: w.demographic_category,
          rows: w.attributes.map((a) => row(a.name, a.segment_identifier ?? '')),
        })),
      })),
    ],
  };
}
