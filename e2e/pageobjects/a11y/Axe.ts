import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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

type AxeWindow = { axe?: { run?: unknown; configure(spec: { allowedOrigins: string[] }): void } };

/**
 * Injects axe-core into the current browsing context unless it is there, and lets it answer (and
 * ask) frames of any origin: the embedded applications' frames are another origin.
 */
async function injectHere(crossOrigin: boolean): Promise<void> {
  const injected = await browser.execute(() => typeof (window as unknown as AxeWindow).axe?.run === 'function');
  if (!injected) await browser.execute(source());
  if (crossOrigin) await browser.execute(() => (window as unknown as AxeWindow).axe!.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
}

/**
 * Puts axe-core in every frame of the page (and their frames), each once its document has loaded:
 * axe.run in the top document then audits each frame in place through axe's own frame messages.
 * A frame still loading is waited for (20 s), as a page is before its audit.
 */
async function injectIntoFrames(where: string, parent: string | null = null, depth = 0): Promise<void> {
  const frames = await $$('iframe').getElements();
  for (const frame of frames) {
    const context = await browser.switchFrame(frame);
    try {
      await browser.waitUntil(() => browser.execute(() => document.readyState === 'complete' && document.URL !== 'about:blank'), {
        timeout: 20000,
        timeoutMsg: `${where}: a frame never finished loading`,
      });
      await injectHere(true);
      if (depth < 2 && typeof context === 'string') await injectIntoFrames(where, context, depth + 1);
    } finally {
      // Back to the frame's parent.
      await browser.switchFrame(parent);
    }
  }
}

/**
 * Runs axe-core on the page as it is now (or on the elements `include` selects, e.g. an open
 * overlay), with RUN_OPTIONS, in place: axe is injected once per document (a chart state or an
 * overlay audited on the same load, or a page reached inside the app, reuses it).
 * @axe-core/webdriverio's legacy run sent the 1.5 MB unminified source twice on every audit.
 *
 * A page with frames (the embedded applications, another origin) gets axe in each frame too, and
 * axe.run audits them through its frame messages. @axe-core/webdriverio's frame-aware run did the
 * same with runPartial in each frame and finishRun in a blank window of its own, injecting the
 * unminified source three times: 7-8 s a page here, against about 1.5 s. A frame axe could not
 * reach fails the audit (axe itself only marks it 'frame-tested: incomplete').
 */
export async function audit(where: string, opts: { include?: string[] } = {}): Promise<Finding[]> {
  for (const sel of opts.include ?? []) {
    // axe waits for ever on a context that matches nothing.
    if (!(await $(sel).isExisting())) throw new Error(`${where}: nothing on the page matches '${sel}' to audit`);
  }
  const framed = await browser.execute(() => document.querySelector('iframe') !== null);
  await injectHere(framed);
  if (framed) await injectIntoFrames(where);
  const context = opts.include?.length ? { include: opts.include } : null;
  const json = await browser.executeAsync(
    (ctx: { include: string[] } | null, options: RunOptions, done: (r: string) => void) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: RunOptions): Promise<unknown> } }).axe;
      axe.run(ctx ?? document, options).then(
        // Only what the walk reads crosses back to the test (not the passes and inapplicable rules).
        (r) => {
          const { violations, incomplete } = r as Pick<AxeResults, 'violations' | 'incomplete'>;
          const untested = incomplete.filter((i) => i.id === 'frame-tested').flatMap((i) => i.nodes.map((n) => n.target.join(' ')));
          done(JSON.stringify({ violations, untested }));
        },
        (e: unknown) => done(JSON.stringify({ error: String(e) })),
      );
    },
    context,
    RUN_OPTIONS,
  );
  const results = JSON.parse(json) as Pick<AxeResults, 'violations'> & { untested?: string[]; error?: string };
  if (results.error) throw new Error(`${where}: axe failed: ${results.error}`);
  if (results.untested?.length) throw new Error(`${where}: axe could not audit the frame(s) ${results.untested.join(', ')}`);
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
