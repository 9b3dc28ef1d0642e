/**
 * What failed, in a few lines for the end of `npm test`'s output (under the timing table): a CI log
 * is often read from its end, and jest and the spec reporter print their failures far above it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';

/** Where wdio.conf.ts' recordFailure writes one line per failed test or hook. */
export function e2eFailuresFile(): string {
  return join(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'failures.txt');
}

/** Where wdio.conf.ts writes one line per failed attempt that was run again. */
export function e2eFlakyFile(): string {
  return join(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'flaky.txt');
}

/** Where wdio.conf.ts writes how long each spec file took: lane, file, ms. */
export function e2eSpecTimesFile(): string {
  return join(process.env.E2E_OUTPUT_DIR ?? '.e2e-output', 'spec-times.txt');
}

export function clearE2eFailures(): void {
  rmSync(e2eFailuresFile(), { force: true });
  rmSync(e2eFlakyFile(), { force: true });
  rmSync(e2eSpecTimesFile(), { force: true });
}

const lines = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter(Boolean) : []);

export function e2eFailures(): string[] {
  return lines(e2eFailuresFile());
}

/** Failed attempts that were run again: printed whether or not the run passed, so none goes unseen. */
export function e2eFlaky(): string[] {
  return lines(e2eFlakyFile());
}

/** Each lane's spec files, slowest first, with the lane's sum: the figures to balance lanes by. */
export function e2eSpecTimes(): string[] {
  const byLane = new Map<string, { file: string; ms: number }[]>();
  for (const line of lines(e2eSpecTimesFile())) {
    const [lane, file, ms] = line.split('\t');
    if (!byLane.has(lane)) byLane.set(lane, []);
    byLane.get(lane)!.push({ file, ms: Number(ms) });
  }
  const out: string[] = [];
  for (const [lane, files] of byLane) {
    const sum = files.reduce((n, f) => n + f.ms, 0);
    out.push(`lane ${lane}: ${files.length} spec files, ${(sum / 1000).toFixed(1)} s`);
    for (const f of files.sort((a, b) => b.ms - a.ms)) out.push(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}`);
  }
  return out;
}

/** A results file for `jest --json --outputFile`, one per step. */
export function jestResultsFile(step: string): string {
  return join(tmpdir(), `discovery-jest-${step}-${process.pid}.json`);
}

interface JestResults {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

const firstLine = (s: string | undefined) =>
  stripVTControlCharacters(s ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 300) ?? '';

const rel = (p: string) => p.replace(`${process.cwd()}/`, '');

function readJest(file: string): JestResults {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JestResults) : {};
}

/** The `n` slowest suites of a jest run, a line each ('  202.1 s  core/counts/src/engine.test.ts'). */
export function jestSlowest(file: string, n = 8): string[] {
  return (readJest(file).testResults ?? [])
    .map((s) => ({ name: rel(s.name), ms: (s.endTime ?? 0) - (s.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((s) => `${(s.ms / 1000).toFixed(1).padStart(7)} s  ${s.name}`);
}

/** Each failed test (file › name — first line of the error), or the suite that failed to run. Removes the file. */
export function jestFailures(file: string): string[] {
  const r = readJest(file);
  rmSync(file, { force: true });
  return (r.testResults ?? []).flatMap((s) => {
    const failed = (s.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failed.length) return failed.map((a) => `${rel(s.name)} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
    return s.status === 'failed' ? [`${rel(s.name)} — ${firstLine(s.message)}`] : [];
  });
}
