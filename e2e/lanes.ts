/**
 * The e2e lanes: groups of spec files that scripts/e2e.ts runs side by side, each in its own wdio
 * process, browser session and server (e2e/wdio.conf.ts runs the one E2E_LANE names). A lane's
 * files run one after another in ONE worker (issue 26). The lanes are balanced by the spec times
 * the e2e step prints: 'walks' holds the long walks over every page (a11y) and the shell's specs
 * (its two walks, sign-in, the public pages and security: once the a11y walk reached its pages
 * inside the app, the lane had room for the last three, docs/decisions.md 2026-12-06), and every
 * other spec file, a new plugin's included, runs in 'main'.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LANES = ['main', 'walks'] as const;
export type Lane = (typeof LANES)[number];

/** The spec files of the 'walks' lane, relative to e2e/specs. */
const WALKS = [/^a11y\//, /^shell\//];

export const SPECS_DIR = join(__dirname, 'specs');

export function isLane(name: string): name is Lane {
  return (LANES as readonly string[]).includes(name);
}

/** The lane of a spec file, given relative to e2e/specs ('shell/login.e2e.ts'). */
export function laneOf(file: string): Lane {
  return WALKS.some((re) => re.test(file)) ? 'walks' : 'main';
}

/** Every spec file, relative to e2e/specs, in order. */
export function specFiles(): string[] {
  return readdirSync(SPECS_DIR, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
}

/** A lane's spec files, as absolute paths, in order. */
export function specsOf(lane: Lane): string[] {
  return specFiles()
    .filter((f) => laneOf(f) === lane)
    .map((f) => join(SPECS_DIR, f));
}
