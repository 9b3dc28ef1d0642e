import type { SegmentEntry } from './manifest';

/**
 * The words of a search or of a segment: lower case, split at spaces and path separators
 * ('Beverages > Soft drinks' is beverages, soft, drinks), plurals folded ('drinks' finds 'drink
 * buyers', 'colas' finds 'cola').
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s>/,|]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/**
 * The segments a picker search finds: every word of the query begins a word of the segment's
 * name, path (vendor and categories), keywords ('soda' for soft drinks) or identifier ('bev'
 * finds Beverages, 'age' does not find Beverages). Deleted segments are never found. First the
 * segments the query names (their name, or their category path's end), then those whose name
 * holds every word, then the rest, each in the taxonomy's order.
 */
export function searchSegments<S extends Pick<SegmentEntry, 'short_id' | 'name' | 'path' | 'deleted' | 'keywords'>>(segments: readonly S[], q: string): S[] {
  const words = searchWords(q);
  if (!words.length) return [];
  const hits: { s: S; rank: number; i: number }[] = [];
  const begins = (text: string[]) => (w: string) => text.some((t) => t.startsWith(w));
  segments.forEach((s, i) => {
    if (s.deleted) return;
    const name = searchWords(s.name);
    const all = [s.short_id.toLowerCase(), ...searchWords([...s.path, ...(s.keywords ?? [])].join(' ')), ...name];
    if (!words.every(begins(all))) return;
    // A query that is the segment's name, or its category path's end ('Beverages > Soft drinks'), first.
    const query = words.join(' ');
    const namesCategory = s.path.some((_, k) => searchWords(s.path.slice(k).join(' ')).join(' ') === query);
    const rank = name.join(' ') === query || namesCategory ? 0 : words.every(begins(name)) ? 1 : 2;
    hits.push({ s, rank, i });
  });
  return hits.sort((a, b) => a.rank - b.rank || a.i - b.i).map((h) => h.s);
}
