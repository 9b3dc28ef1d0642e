import { CHART_SCREENS, eachChartState } from '../../pageobjects/a11y/ChartStates';
import { audit, formatFindings, isBlocking, visibleH1Count, type Finding } from '../../pageobjects/a11y/Axe';
import { installPageProbe, serverStrings } from '../../pageobjects/a11y/PageProbe';
import { UntranslatedReport, useLanguage, usePseudoLocale } from '../../pageobjects/a11y/PseudoLocale';
import { eachOverlay, PLUGIN_OVERLAYS, SHELL_OVERLAYS } from '../../pageobjects/a11y/Overlays';
import { landingProduct, pagesOfBuild, visit, WALK_TIMEOUT_MS } from '../../pageobjects/a11y/RouteCatalog';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

/** Audits the page as it is now: axe, and exactly one visible h1. */
async function auditPage(where: string): Promise<Finding[]> {
  const findings = await audit(where);
  const h1 = await visibleH1Count();
  if (h1 !== 1) findings.push({ where, rule: 'one-h1', impact: 'serious', help: `a page has exactly one h1 (found ${h1})`, nodes: [] });
  return findings;
}

function expectNone(findings: Finding[]) {
  const blocking = findings.filter(isBlocking);
  const other = findings.filter((f) => !isBlocking(f));
  if (other.length) console.log(`axe, not blocking:\n${formatFindings(other)}`);
  if (blocking.length) throw new Error(`${blocking.length} accessibility violation(s):\n${formatFindings(blocking)}`);
}

describe('accessibility of every page of the build (axe-core)', () => {
  before(async () => {
    await installPageProbe();
  });
  after(async () => {
    // The session's storage outlives this file only within it; leave English behind regardless.
    await useLanguage('en').catch(() => undefined);
  });

  it('the pages before sign-in: sign-in, both tabs', async () => {
    const login = new LoginPage();
    await browser.url('/login');
    await browser.deleteAllCookies();
    const findings: Finding[] = [];
    await login.open();
    findings.push(...(await auditPage('/login (Current Users)')));
    await login.requestAccessTab.click();
    findings.push(...(await auditPage('/login (Request Access)')));
    expectNone(findings);
  });

  // The admin's walk runs in the pseudo-locale and also reads every page, chart state and overlay
  // for text that skipped i18next (issue 13 §8, pseudo-locale.e2e.ts): one walk for both, as the
  // admin sees every control (issue 26). The viewer's walk is in English.
  for (const [email, pseudo] of [
    ['admin@example.com', true],
    ['viewer@example.com', false],
  ] as const) {
    const name = pseudo
      ? `every route of the build as ${email}, the shell pages and the overlays; with the pseudo-locale on, every text went through i18next`
      : `every route of the build as ${email}, and the not-found page`;
    it(name, async () => {
      await new LoginPage().loginAs(email);
      const untranslated = pseudo ? new UntranslatedReport() : undefined;
      // The language is the session's (localStorage), read at each page load.
      await (pseudo ? usePseudoLocale() : useLanguage('en'));
      const findings: Finding[] = [];
      /** axe, one h1, and (in the pseudo-locale) no text that skipped i18next. */
      const read = async (where: string): Promise<string> => {
        const t0 = Date.now();
        findings.push(...(await auditPage(where)));
        const t1 = Date.now();
        await untranslated?.check(where, await serverStrings());
        return untranslated ? `axe ${t1 - t0} ms, texts ${Date.now() - t1} ms` : `axe ${t1 - t0} ms`;
      };
      const walkStart = Date.now();
      const pages = await pagesOfBuild();
      const audited = new Set<string>();
      const log: string[] = [];
      // The shell's own pages besides the plugins' routes: not found, and the logout confirmation.
      const shellPages = [
        { url: '/no/such/page', label: 'not-found', routeId: '' },
        { url: '/logout-confirm', label: 'logout-confirm', routeId: '' },
        // SHELL-028: the routing warning of a client the user does not have.
        { url: '/no-such-client/us/home', label: 'invalid client warning', routeId: '' },
      ];
      const admin = email.startsWith('admin');
      // Issue 27 §5: the chart screens also with a focus, a selection and a filter, as the admin
      // (who sees every control), on the chart just loaded: one more audit per state, no reload.
      const screens = admin ? [...CHART_SCREENS] : [];
      // The first page is loaded (the language is read at load); the others are reached inside the
      // app, as its links do, except the page after a chart screen's states (its stores keep them).
      let load = true;
      for (const page of [...pages, ...shellPages]) {
        const t0 = Date.now();
        const { landed, settled } = await visit(page.url, { inApp: !load });
        load = false;
        const t1 = Date.now();
        log.push(`${page.label}: ${page.url} -> ${landed}${settled ? '' : ' (never settled)'}`);
        if (!settled) findings.push({ where: page.label, rule: 'page-settles', impact: 'serious', help: 'the page kept loading for 15 s', nodes: [landed] });
        if (audited.has(landed)) continue;
        audited.add(landed);
        // The pseudo-locale is on: the tab's title is pseudo-localized.
        if (pseudo && audited.size === 1) expect(await browser.getTitle()).toMatch(/^⟦.*⟧$/);
        const took = await read(`${page.label} at ${landed}`);
        log.push(`  visit ${t1 - t0} ms, audit ${Date.now() - t1} ms (${took})`);
        const screen = screens.find((s) => s.routeIds.includes(page.routeId));
        if (!screen) continue;
        screens.splice(screens.indexOf(screen), 1);
        await eachChartState(screen, async (state) => {
          const t2 = Date.now();
          const took = await read(`${page.label} at ${landed}, ${state.name}`);
          log.push(`  ${state.name}: audit ${Date.now() - t2} ms (${took})`);
        });
        load = true;
      }
      if (screens.length)
        throw new Error(`the walk never audited the chart screens ${screens.map((s) => s.name).join(', ')} (no route of theirs in the build?)`);
      console.log(`${email}: ${pages.length} routes, ${audited.size} distinct pages audited in ${Date.now() - walkStart} ms\n${log.join('\n')}`);
      // The overlays this user reaches, each audited while open (the page under it was audited above).
      const product = await landingProduct();
      const overlays = [...SHELL_OVERLAYS, ...PLUGIN_OVERLAYS].filter((o) => admin || !o.adminOnly);
      const t0 = Date.now();
      const overlayLog: string[] = [];
      let last = Date.now();
      await eachOverlay(overlays, product, async (c) => {
        const t1 = Date.now();
        findings.push(...(await audit(`overlay '${c.name}'`, { include: [c.include ?? '.bp6-portal'] })));
        const t2 = Date.now();
        await untranslated?.check(`overlay '${c.name}'`, await serverStrings());
        overlayLog.push(`${c.name}: open ${t1 - last} ms, axe ${t2 - t1} ms, texts ${Date.now() - t2} ms`);
        last = Date.now();
      });
      console.log(`${overlays.length} overlays audited in ${Date.now() - t0} ms\n${overlayLog.join('\n')}`);
      // Both reports, so a walk that breaks both rules says so in one run.
      const failures: string[] = [];
      for (const expectation of [() => expectNone(findings), () => untranslated?.expectEmpty()]) {
        try {
          expectation();
        } catch (e) {
          failures.push(e instanceof Error ? e.message : String(e));
        }
      }
      if (failures.length) throw new Error(failures.join('\n\n'));
    }).timeout(WALK_TIMEOUT_MS);
  }
});
