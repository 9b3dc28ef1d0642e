/**
 * SHELL-011's values travel in index.html, not in a chunk: scripts/build.ts writes them as JSON
 * into `<script id="discovery-build" type="application/json">` (a data block: never run, so no
 * Content-Security-Policy question), and the client reads them at start. In a chunk, the build
 * date gave every build new chunk bytes: rebuilding unchanged sources compressed every chunk
 * again, and a browser downloaded them again after each deploy (docs/decisions.md, 2026-12-07).
 * No DOM here: the build script imports this file too.
 */
export const BUILD_INFO_ID = 'discovery-build';

export interface BuildInfoValues {
  version: string;
  branch: string;
  revision: string;
  date: string;
}

const UNKNOWN: BuildInfoValues = { version: 'unknown', branch: 'unknown', revision: 'unknown', date: 'unknown' };

/** The build's values from that element's text; 'unknown' for any it does not carry (a page not built by scripts/build.ts). */
export function parseBuildInfo(text: string | null | undefined): BuildInfoValues {
  if (!text) return UNKNOWN;
  try {
    const v = JSON.parse(text) as Partial<Record<keyof BuildInfoValues, unknown>>;
    const pick = (k: keyof BuildInfoValues) => (typeof v[k] === 'string' ? (v[k] as string) : 'unknown');
    return { version: pick('version'), branch: pick('branch'), revision: pick('revision'), date: pick('date') };
  } catch {
    return UNKNOWN;
  }
}
