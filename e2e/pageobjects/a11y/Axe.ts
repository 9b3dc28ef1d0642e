import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/webdriverio';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** One rule broken on one page or overlay, with the nodes that break it. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Impacts that fail the suite. */
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);
/**
 * Rules that fail the suite whatever axe rates them (moderate): the structure issue 14 asks for on
 * every page (one h1, headings in order, named table headers).
 */
const BLOCKING_RULES = new Set(['heading-order', 'page-has-heading-one', 'empty-table-header']);

export const isBlocking = (f: Finding) => BLOCKING_IMPACTS.has(f.impact) || BLOCKING_RULES.has(f.rule);

const describeNode = (n: Result['nodes'][number]) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`.slice(0, 400);

/**
 * Every rule axe enables by default, plus 'label-content-name-mismatch' (an experimental rule: a
 * control's visible text must be part of its accessible name, WCAG 2.5.3). The walks read only the
 * violations: `resultTypes` spares axe collecting every node that passes (all rules still run).
 */
const RUN_OPTIONS: RunOptions = { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] };

/** axe-core's minified source (650 KB), read once. */
let axeSource: string | undefined;
const source = () => (axeSource ??= readFileSync(createRequire(join(process.cwd(), 'package.json')).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * Runs axe-core on the page as it is now (or on the elements `include` selects, e.g. an open
 * overlay), with RUN_OPTIONS.
 *
 * A page without frames is audited in place, axe injected once per document (a chart state or an
 * overlay audited on the same load reuses it): @axe-core/webdriverio's legacy run sent the 1.5 MB
 * unminified source twice on every audit. A page with frames goes through @axe-core/webdriverio's
 * frame-aware run (every frame, the embedded applications' second origin too), which finishes in a
 * blank window of its own, ~1 s a page.
 */
export async function audit(where: string, opts: { include?: string[] } = {}): Promise<Finding[]> {
  for (const sel of opts.include ?? []) {
    // axe waits for ever on a context that matches nothing.
    if (!(await $(sel).isExisting())) throw new Error(`${where}: nothing on the page matches '${sel}' to audit`);
  }
  const { framed, injected } = await browser.execute(() => ({
    framed: document.querySelector('iframe') !== null,
    injected: typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  }));
  let results: Pick<AxeResults, 'violations'>;
  if (framed) {
    let builder = new AxeBuilder({ client: browser }).options(RUN_OPTIONS);
    for (const sel of opts.include ?? []) builder = builder.include(sel);
    results = await builder.analyze();
  } else {
    if (!injected) await browser.execute(source());
    const context = opts.include?.length ? { include: opts.include } : null;
    const json = await browser.executeAsync(
      (ctx: { include: string[] } | null, options: RunOptions, done: (r: string) => void) => {
        const axe = (window as unknown as { axe: { run(c: unknown, o: RunOptions): Promise<unknown> } }).axe;
        axe.run(ctx ?? document, options).then(
          // Only what the walk reads crosses back to the test (not the passes and inapplicable rules).
          (r) => done(JSON.stringify({ violations: (r as { violations: unknown }).violations })),
          (e: unknown) => done(JSON.stringify({ error: String(e) })),
        );
      },
      context,
      RUN_OPTIONS,
    );
    const parsed = JSON.parse(json) as Pick<AxeResults, 'violations'> & { error?: string };
    if (parsed.error) throw new Error(`${where}: axe failed: ${parsed.error}`);
    results = parsed;
  }
  return results.violations.map((v) => ({ where, rule: v.id, impact: v.impact ?? 'unknown', help: v.help, nodes: v.nodes.map(describeNode) }));
}

/** The report a failed walk prints: page, rule, impact and each node. */
export function formatFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.where}\n  ${f.rule} (${f.impact}): ${f.help}\n${f.nodes.map((n) => `    - ${n}`).join('\n')}`).join('\n');
}

/** The number of visible h1 elements on the page (outside closed overlays). */
export async function visibleH1Count(): Promise<number> {
  return browser.execute(
    () =>
      Array.from(document.querySelectorAll('h1')).filter((h) => (h as HTMLElement).offsetParent !== null || getComputedStyle(h).position === 'fixed').length,
  );
}
