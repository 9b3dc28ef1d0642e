/**
 * The e2e lanes: groups of spec files that scripts/e2e.ts runs side by side, each in its own wdio
 * process, browser session and server (e2e/wdio.conf.ts runs the one E2E_LANE names). A lane's
 * files run one after another in ONE worker (issue 26). The lanes are balanced by the spec times
 * the e2e step prints (docs/decisions.md, 2026-12-07: with two lanes the machine's two cores were
 * idle a quarter of the time, waiting on pages, so a third lane runs):
 *   - 'axe': the axe walk over every page and overlay (about 205 s alone), and a few short specs
 *     (after it: a spec's writes change what a later page shows, never what the walk saw);
 *   - 'walks': the other a11y walks and the shell's specs (its two walks, sign-in, the public pages
 *     and security), and the plugin specs listed below; none of these may leave the admin a
 *     notification in Globex (shell/first-walk opens the admin's empty notification panel there);
 *     Grow's predictions spec (the planner's) is here because 'main' ended last in every run;
 *   - 'main': every other spec file, a new plugin's included.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LANES = ['main', 'walks', 'axe'] as const;
export type Lane = (typeof LANES)[number];

/** The spec files of each lane but 'main', relative to e2e/specs. */
const RULES: [Exclude<Lane, 'main'>, RegExp[]][] = [
  ['axe', [/^a11y\/(axe|pseudo-locale)\.e2e\.ts$/, /^audiences\/shared\.e2e\.ts$/, /^notifications\//, /^outcomes\//]],
  ['walks', [/^a11y\//, /^shell\//, /^explore\//, /^toolbox\//, /^insights\//, /^insights-grow\/predictions\.e2e\.ts$/]],
];

export const SPECS_DIR = join(__dirname, 'specs');

/**
 * The plugin `npm run scaffold-check` writes into the tree (scripts/scaffold-check.ts), with a spec
 * of its own that it runs against its own build, while the lanes run beside it: no lane's.
 */
export const SCAFFOLD_CHECK_ID = 'scaffold-check';

export function isLane(name: string): name is Lane {
  return (LANES as readonly string[]).includes(name);
}

/** The lane of a spec file, given relative to e2e/specs ('shell/login.e2e.ts'): its first rule's. */
export function laneOf(file: string): Lane {
  return RULES.find(([, res]) => res.some((re) => re.test(file)))?.[0] ?? 'main';
}

/** Every spec file of the lanes, relative to e2e/specs (or `dir`), in order. */
export function specFiles(dir = SPECS_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.e2e.ts') && !f.startsWith(`${SCAFFOLD_CHECK_ID}/`))
    .sort();
}

/** A lane's spec files, as absolute paths, in order. */
export function specsOf(lane: Lane): string[] {
  return specFiles()
    .filter((f) => laneOf(f) === lane)
    .map((f) => join(SPECS_DIR, f));
}
