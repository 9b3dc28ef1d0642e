import { GrowPage } from '../insights-grow/GrowPage';
import { JourneyViewer } from '../insights-journey/Journeys';
import { OverlapPage } from '../overlap/Overlap';
import { clickWhenSettled } from '../shell/Shell';
import { settle } from './PageProbe';

/**
 * Issue 27 §5: the chart screens in the states a plain visit does not reach (a focus, a selection,
 * a filter), each applied in turn on the chart the walk has just loaded and audited, through the
 * page objects the screens' own specs use. The states add up (the filter applies to the focused,
 * selected chart); the walk audits the page after each. `reset` leaves nothing kept for the
 * overlays that open the screen again (Grow keeps its selection in session storage, GROW-006).
 */
export interface ChartState {
  /** 'focus: a column', for reports. */
  name: string;
  /** Applies the state on the loaded chart; resolves once the chart shows it. */
  apply: () => Promise<void>;
}

export interface ChartScreen {
  name: string;
  /** The routes that show the screen (the first one the walk audits gets the states). */
  routeIds: string[];
  states: ChartState[];
  reset?: () => Promise<void>;
}

/** A filter every chart screen may take: the first Demographix segment the picker finds. */
const FILTER_QUERY = 'Female';

const overlap = new OverlapPage();
const grow = new GrowPage();
const journeys = new JourneyViewer();

/** The first X and Y segments of the grid, once it shows its cells. */
async function gridAxes(): Promise<{ x: string[]; y: string[] }> {
  await browser.waitUntil(async () => (await overlap.cells.length) > 0, { timeout: 20000, timeoutMsg: 'the overlap grid shows no cells' });
  return { x: await overlap.columnOrder(), y: await overlap.rowOrder() };
}
const pressed = async (x: string, y: string) => (await overlap.cell(x, y).getAttribute('aria-pressed')) === 'true';
const dimmedStage = async (i: number) => (await journeys.stage(i).$('[data-dimmed]').getAttribute('data-dimmed')) === 'true';

export const CHART_SCREENS: ChartScreen[] = [
  {
    name: 'overlap',
    routeIds: ['overlap.page', 'overlap.chart'],
    states: [
      {
        // OVL-027: a column label focuses its cells; the others are dimmed.
        name: 'focus: a column',
        apply: async () => {
          const { x, y } = await gridAxes();
          await clickWhenSettled(
            () => overlap.label('x', x[0]),
            () => pressed(x[0], y[0]),
          );
        },
      },
      {
        // OVL-026: one cell selected (the column unfocused first), the insights beside the chart.
        name: 'selection: a cell',
        apply: async () => {
          const { x, y } = await gridAxes();
          await clickWhenSettled(
            () => overlap.label('x', x[0]),
            async () => !(await pressed(x[0], y[0])),
          );
          const [cx, cy] = [x[Math.min(1, x.length - 1)], y[Math.min(1, y.length - 1)]];
          await clickWhenSettled(
            () => overlap.cell(cx, cy),
            () => pressed(cx, cy),
          );
          await overlap.insights.waitForDisplayed({ timeout: 15000 });
        },
      },
      { name: 'filter: a segment', apply: async () => void (await overlap.filters.addFirst(FILTER_QUERY)) },
    ],
  },
  {
    name: 'grow',
    routeIds: ['insights-grow.grow'],
    states: [
      {
        // GROW-036 / issue 27 §6: an audience selected is highlighted, the others dimmed (Grow's focus is its selection).
        name: 'selection: an audience',
        apply: async () => {
          await grow.mekko.waitForDisplayed({ timeout: 20000 });
          const [market] = await grow.marketNames();
          if (!market) throw new Error('the Grow chart the walk opened has no market');
          const [audience] = await grow.audienceNames(market);
          if (!audience) throw new Error(`the Grow market '${market}' has no audience`);
          await grow.toggle(market, audience);
          await browser.waitUntil(async () => (await grow.filterTags.length) === 1, { timeout: 10000, timeoutMsg: 'the audience was not selected' });
        },
      },
      { name: 'filter: a segment', apply: async () => void (await grow.filters.addFirst(FILTER_QUERY)) },
    ],
    reset: async () => {
      await clickWhenSettled(
        () => grow.filters.clear,
        async () => (await grow.filterTags.length) === 0,
      );
    },
  },
  {
    name: 'journeys',
    routeIds: ['insights-journey.viewer'],
    states: [
      {
        // JRN-011: a stage's header filters to it; the other stages are dimmed.
        name: 'focus: a stage',
        apply: async () => {
          await journeys.stageToggle(1).waitForDisplayed({ timeout: 20000 });
          await clickWhenSettled(
            () => journeys.stageToggle(1),
            () => dimmedStage(0),
          );
        },
      },
      {
        // JRN-010: another brand's funnel.
        name: 'selection: another brand',
        apply: async () => {
          await clickWhenSettled(
            () => journeys.brand(1).parentElement(),
            () => journeys.brand(1).isSelected(),
          );
        },
      },
      { name: 'filter: a segment', apply: async () => void (await journeys.filters.addFirst(FILTER_QUERY)) },
    ],
  },
];

/** Applies each state of `screen` in turn on the loaded page and hands it to `check`. */
export async function eachChartState(screen: ChartScreen, check: (state: ChartState) => Promise<void>): Promise<void> {
  for (const state of screen.states) {
    await state.apply();
    await settle({ quietMs: 200 });
    await check(state);
  }
  await screen.reset?.();
}
