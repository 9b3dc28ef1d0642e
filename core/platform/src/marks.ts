/** The performance mark a screen sets when it shows its data: `discovery:drawn:<screen>`. */
export const DRAWN_MARK = 'discovery:drawn';

/**
 * Marks the moment a screen shows its figures (a chart drawn with its counts), so
 * `npm run bench:screens` measures navigation to drawn as a browser sees it. Cheap; never throws.
 */
export function markDrawn(screen: string): void {
  try {
    performance.mark(`${DRAWN_MARK}:${screen}`);
  } catch {
    // an engine without User Timing: nothing to measure
  }
}
