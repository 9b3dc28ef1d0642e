import { settle } from './PageProbe';
import { navigateInApp } from './RouteCatalog';

/**
 * The overlays users open on the build's pages: the shell's (user menu, the four hierarchy lists,
 * the notification panel) on every page, and the plugins' dialogs, drawers and confirmations.
 * Each case opens its overlay on its page (see eachOverlay); the walk audits it while open.
 */
export interface OverlayCase {
  name: string;
  /** The page it opens on, from the user's landing context (full slug 'acme/us/fizz-cola/fizz-classic'). */
  path: (product: string) => string;
  /** Opens the overlay; resolves once it is on screen. */
  open: () => Promise<void>;
  /** Only users with this much access reach it (the walk opens it as the admin). */
  adminOnly?: boolean;
  /** What to audit: Blueprint's portals (default), or the part of the page the case opened. */
  include?: string;
  /** It changes the page (an unsaved form): the next case loads its page afresh. */
  dirties?: boolean;
}

const region = (product: string) => product.split('/').slice(0, 2).join('/');
const overlay = (sel: string) => async () => {
  await $(sel).waitForDisplayed({ timeout: 10000 });
  // Blueprint's overlays transition in; axe must see the final colours.
  await browser.waitUntil(async () => !(await $('.bp6-overlay-enter, .bp6-overlay-appear, .bp6-popover-enter, .bp6-popover-appear').isExisting()), {
    timeout: 5000,
  });
};
/**
 * Clicks `target` and waits for `opened`. A toggle (a popover's button) must not be clicked again
 * while its first click is still opening it, so each click gets up to 5 s before the next try.
 */
const clickOpens = (target: string, opened: string) => async () => {
  for (let attempt = 1; ; attempt++) {
    const el = await $(target).getElement();
    await el.waitForDisplayed({ timeout: 10000 });
    await browser.execute((e: HTMLElement) => e.click(), el as unknown as HTMLElement);
    const shown = await $(opened)
      .waitForDisplayed({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt === 3) throw new Error(`clicking ${target} did not open ${opened}`);
  }
  await overlay(opened)();
};

export const SHELL_OVERLAYS: OverlayCase[] = [
  { name: 'user menu', path: (p) => `/${p}/home`, open: clickOpens('[data-testid="user-menu"]', '[data-testid="user-menu-items"]') },
  ...(['client', 'region', 'brand', 'product'] as const).map((level) => ({
    name: `hierarchy selector: ${level} list`,
    path: (p: string) => `/${p}/home`,
    open: clickOpens(`[data-testid="hierarchy-${level}"]`, '.bp6-popover-content'),
  })),
  { name: 'notification panel', path: (p) => `/${p}/home`, open: clickOpens('[data-testid="nav-item-notifications"]', '[data-testid="notifications-panel"]') },
];

export const PLUGIN_OVERLAYS: OverlayCase[] = [
  {
    name: 'audiences: audience details dialog',
    path: (p) => `/${p}/audiences/overview`,
    open: clickOpens('[data-testid="audiences-table"] tbody tr button[data-testid="audience-details"]', '.bp6-dialog'),
  },
  {
    name: 'audiences: delete confirmation',
    path: (p) => `/${p}/audiences/overview`,
    open: clickOpens('[data-testid="audience-delete"]', '.bp6-alert'),
    adminOnly: true,
  },
  {
    name: 'audiences: new lookalike dialog',
    path: (p) => `/${p}/audiences/overview`,
    open: clickOpens('[data-testid="audience-lookalike"]', '.bp6-dialog'),
    adminOnly: true,
  },
  {
    name: 'audiences builder: segment picker',
    path: (p) => `/${p}/audiences/builder?action=create`,
    open: clickOpens('[data-testid="include-add-group"]', '.bp6-dialog'),
    // The builder needs audiences.create: a viewer sees a notice there instead.
    adminOnly: true,
  },
  {
    name: 'brands admin: new brand form',
    path: (p) => `/${region(p)}/brands/admin`,
    open: async () => {
      await clickOpens('[data-testid="add-brand"]', '[data-testid="brand-card"][data-brand=""]')();
    },
    include: '[data-testid="brand-card"][data-brand=""]',
    adminOnly: true,
    dirties: true,
  },
  {
    name: 'brands admin: region list',
    path: (p) => `/${region(p)}/brands/admin`,
    open: clickOpens('[data-testid="region-dropdown"]', '[data-testid="region-dropdown-menu"]'),
  },
  {
    name: 'brands admin: brand actions menu',
    path: (p) => `/${region(p)}/brands/admin`,
    open: clickOpens('[data-testid="brand-menu-button"]', '[data-testid="brand-menu"]'),
    adminOnly: true,
  },
  {
    name: 'brands admin: product delete confirmation',
    path: (p) => `/${region(p)}/brands/admin`,
    open: async () => {
      // The first brand's products show once its card is expanded.
      await clickOpens('[data-testid="brand-card"] [data-testid="brand-toggle"]', '[data-testid="product-delete"]')();
      await clickOpens('[data-testid="product-delete"]:not([disabled])', '.bp6-alert')();
    },
    adminOnly: true,
  },
  {
    name: 'brands admin: site visit segment mapping',
    path: (p) => `/${region(p)}/brands/admin`,
    open: clickOpens('[data-testid="open-mapper"]', '.bp6-drawer'),
  },
  {
    name: 'toolbox admin: new unit dialog',
    path: (p) => `/${p}/toolbox`,
    open: clickOpens('[data-testid="add-unit"]', '.bp6-dialog'),
    adminOnly: true,
  },
  {
    name: 'grow: chart dropdown',
    path: (p) => `/${p}/insights/grow`,
    open: clickOpens('[data-testid="grow-chart-dropdown"]', '[data-testid="grow-chart-menu"]'),
  },
  {
    name: 'grow: chart form',
    path: (p) => `/${p}/insights/grow`,
    open: clickOpens('[data-testid="grow-create"]', '.bp6-drawer'),
    adminOnly: true,
  },
  {
    name: 'grow: delete confirmation',
    path: (p) => `/${p}/insights/grow`,
    open: clickOpens('[data-testid="grow-delete"]', '.bp6-alert'),
    adminOnly: true,
  },
  {
    name: 'discussions: edit drawer with its rules',
    path: (p) => `/${region(p)}/upload/discussions_upload/admin`,
    open: async () => {
      await clickOpens('[data-testid="discussion-item"] button', '[data-testid="discussion-drawer"]')();
      await clickOpens('[data-testid="discussion-rules-toggle"]', '[data-testid="discussion-rules"]')();
    },
    adminOnly: true,
  },
  // The chart screens' focus, selection and filter states are not overlays: the walks apply them
  // on the chart they have just loaded (ChartStates.ts, issue 27 §5).
  // Issue 30 §5: Grow's Predictions view and its save-snapshot dialog.
  {
    name: 'grow: the Predictions view (chart state)',
    path: (p) => `/${p}/insights/grow`,
    open: clickOpens('[data-testid="grow-view-predictions"]', '[data-testid="grow-predictions"]'),
    include: '[data-testid="grow-page"]',
    dirties: true,
  },
  {
    name: 'grow: save snapshot dialog',
    path: (p) => `/${p}/insights/grow`,
    open: async () => {
      await clickOpens('[data-testid="grow-view-predictions"]', '[data-testid="grow-predictions"]')();
      await clickOpens('[data-testid="grow-snapshot-save"]', '.bp6-dialog')();
    },
    adminOnly: true,
    dirties: true,
  },
  {
    name: 'journeys: journey picker',
    path: (p) => `/${p}/insights/journey`,
    open: clickOpens('[data-testid="journey-dropdown"]', '[data-testid="journey-menu"]'),
  },
  {
    name: 'journeys: delete confirmation',
    path: (p) => `/${p}/insights/journey`,
    open: clickOpens('[data-testid="journey-delete"]', '.bp6-alert'),
    adminOnly: true,
  },
  {
    name: 'journeys builder: mapping pane',
    path: (p) => `/${p}/insights/journey-builder`,
    open: clickOpens('[data-testid="journey-builder-cell-0-0"]', '[data-testid="journey-mapping-pane"]'),
    adminOnly: true,
  },
  {
    name: 'journeys builder: stage icons',
    path: (p) => `/${p}/insights/journey-builder`,
    open: clickOpens('[data-testid="journey-builder-stage-0-icon"]', '[data-testid="journey-builder-stage-0-icon-menu"]'),
    adminOnly: true,
  },
  {
    name: 'journeys builder: unsaved changes',
    path: (p) => `/${p}/insights/journey-builder`,
    open: async () => {
      await clickOpens('[data-testid="journey-builder-add-brand"]', '[data-testid="journey-builder-brand-1-name"]')();
      await clickOpens('[data-testid="journey-builder-cancel"]', '.bp6-alert')();
    },
    adminOnly: true,
    dirties: true,
  },
  {
    name: 'explore: persona picker',
    path: (p) => `/${p}/insights/explore`,
    open: clickOpens('[data-testid="explore-dropdown"]', '[data-testid="explore-menu"]'),
  },
  {
    name: 'explore: persona actions menu',
    path: (p) => `/${p}/insights/explore`,
    open: clickOpens('[data-testid="explore-more"]', '[data-testid="explore-index-report-open"]'),
  },
  {
    name: 'explore: index report drawer',
    path: (p) => `/${p}/insights/explore`,
    open: async () => {
      await clickOpens('[data-testid="explore-more"]', '[data-testid="explore-index-report-open"]')();
      await clickOpens('[data-testid="explore-index-report-open"]', '[data-testid="explore-index-report"]')();
    },
    adminOnly: true,
  },
  {
    name: 'explore: delete confirmation',
    path: (p) => `/${p}/insights/explore`,
    open: clickOpens('[data-testid="explore-delete"]', '.bp6-alert'),
    adminOnly: true,
  },
  {
    name: 'explore builder: segment picker',
    path: (p) => `/${p}/insights/explore/builder`,
    open: clickOpens('[data-testid="explore-builder-select"]', '.bp6-dialog'),
    adminOnly: true,
  },
  {
    name: 'global admin: edit client dialog',
    path: () => '/global/admin/dashboard',
    open: clickOpens('[data-testid="client-edit-acme"]', '[data-testid="client-form"]'),
    adminOnly: true,
  },
  {
    // Issue 32 §1: the invite form with its hierarchy tree picker, one client opened.
    name: 'global admin: invite user dialog',
    path: () => '/global/admin/users',
    open: async () => {
      await clickOpens('[data-testid="users-invite"]', '[data-testid="user-form"]')();
      await clickOpens('[data-testid="invite-expand-acme"]', '[data-testid="invite-expand-acme/us"]')();
    },
    adminOnly: true,
    dirties: true,
  },
  {
    name: 'global admin: user roles and access dialog',
    path: () => '/global/admin/users',
    open: clickOpens('[data-testid="user-edit-viewer@example.com"]', '[data-testid="user-form"]'),
    adminOnly: true,
  },
  {
    name: 'global admin: deactivate user confirmation',
    path: () => '/global/admin/users',
    open: clickOpens('[data-testid="user-deactivate-viewer@example.com"]', '.bp6-alert'),
    adminOnly: true,
  },
  {
    name: 'global admin: delete role confirmation',
    path: () => '/global/admin/roles',
    open: clickOpens('[data-testid="role-delete"]', '.bp6-alert'),
    adminOnly: true,
  },
];

const anyOverlayOpen = () => browser.execute(() => document.querySelector('.bp6-overlay-open, .bp6-popover') !== null);

/**
 * Opens each case's overlay in turn and hands it to `check` while open. Cases on the same page
 * share one load: Escape closes the overlay before the next opens. The next case's page is reached
 * inside the app (`navigateInApp`), and loaded afresh when Escape left an overlay open or the
 * previous case changed the page (`dirties`).
 */
export async function eachOverlay(cases: OverlayCase[], product: string, check: (c: OverlayCase) => Promise<void>): Promise<void> {
  let loaded: string | null = null;
  let fresh = false;
  for (const c of cases) {
    const path = c.path(product);
    if (loaded !== path) {
      if (fresh) await browser.url(path);
      else await navigateInApp(path);
      await settle();
    }
    await c.open();
    await settle({ quietMs: 200 });
    await check(c);
    loaded = path;
    fresh = false;
    if (c.dirties) {
      loaded = null;
      fresh = true;
      continue;
    }
    await browser.keys('Escape');
    await browser
      .waitUntil(async () => !(await anyOverlayOpen()), { timeout: 1500 })
      .catch(() => {
        loaded = null;
        fresh = true;
      });
  }
}
