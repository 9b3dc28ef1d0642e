import AxeBuilder from '@axe-core/webdriverio';
import type { Result } from 'axe-core';

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
 * Runs axe-core on the page as it is now (or on the elements `include` selects, e.g. an open
 * overlay). Every rule axe enables by default, plus 'label-content-name-mismatch' (an
 * experimental rule: a control's visible text must be part of its accessible name, WCAG 2.5.3).
 */
export async function audit(where: string, opts: { include?: string[] } = {}): Promise<Finding[]> {
  // axe's frame-aware run (every frame, the embedded applications' second origin too) finishes in
  // a blank window of its own, ~1 s a page; a page without frames is audited in place.
  const framed = await browser.execute(() => document.querySelector('iframe') !== null);
  let builder = new AxeBuilder({ client: browser }).setLegacyMode(!framed).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  for (const sel of opts.include ?? []) {
    // axe waits for ever on a context that matches nothing.
    if (!(await $(sel).isExisting())) throw new Error(`${where}: nothing on the page matches '${sel}' to audit`);
    builder = builder.include(sel);
  }
  const results = await builder.analyze();
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
