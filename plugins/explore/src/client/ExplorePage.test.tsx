import { IndexReportsToken, InsightsPanelToken, segmentsEndpoints, type IndexReportRequest, type InsightsPanelProps } from '@discovery/insights-kit';
import { createRouteRef, definePlugin } from '@discovery/plugin-api';
import { ToastStoreToken, type ToastStore } from '@discovery/platform';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { ContainerModule } from 'inversify';
import { exploreEndpoints as E, type MotivationDto, type PersonaDto } from '../common';
import explore from './index';

const P = '/acme/us/fizz-cola/fizz-zero';
const persona = (id: number, name: string, over: Partial<PersonaDto> = {}): PersonaDto => ({
  id,
  name,
  identifiers: ['dmx-0001', 'ig-0001'],
  segments: [
    { short_id: 'dmx-0001', name: '18-24', group: 'Age' },
    { short_id: 'ig-0001', name: 'Running', group: 'Sports' },
  ],
  rules: { include: { and: [{ or: ['dmx-0001'] }, { or: ['ig-0001'] }] } },
  is_all_data: false,
  default: false,
  hasDefault: true,
  deletedSegmentIds: [],
  deletedSegmentsChecked: true,
  created_at: 'then',
  updated_at: 'then',
  ...over,
});
const ALL = persona(1, 'All Data', { identifiers: [], segments: [], rules: {}, is_all_data: true });
const PARENTS = persona(2, 'Health-conscious parents', { default: true });
const STREAMERS = persona(3, 'Young urban streamers');

const all = { create: true, read: true, update: true, destroy: true };
function server(
  list: PersonaDto[] = [ALL, PARENTS, STREAMERS],
  opts: { tier?: 1 | 3; permissions?: Record<string, Record<string, boolean>>; flags?: Record<string, boolean> } = {},
) {
  const s = new FakeServer()
    .signedIn({
      tier: opts.tier ?? 1,
      flags: { explore: true, ...opts.flags },
      permissions: opts.permissions ?? { explore: all, audiences: all, index_report: { create: true, read: true }, request_motivation_audiences: all },
      modules: ['explore'],
    })
    .on(E.list, { data: list, default_id: list.find((p) => p.default && !p.is_all_data)?.id ?? 0 })
    .on(segmentsEndpoints.segmentHierarchy, { data: [], region: 'acme/us' })
    .on(E.invalidIdentifiers, { data: { deletedSegmentIds: [], tabs: [], widgets: [] } })
    .on(E.counts, { people: 12345, base: { region: 'acme/us', kind: 'matched', population: 100000, filtered: 100000 } });
  s.install();
  return s;
}

/** The Insights panel and index reports as the insights and notifications plugins provide them. */
const seen: InsightsPanelProps[] = [];
const requested: IndexReportRequest[] = [];
const providers = definePlugin({
  id: 'fake-providers',
  titleKey: 'fake-providers:title',
  module: new ContainerModule(({ bind }) => {
    bind(InsightsPanelToken.symbol).toConstantValue({
      Panel: (p: InsightsPanelProps) => {
        seen.push(p);
        return (
          <div data-testid="fake-panel">
            {p.audiences.map((a) => a.name).join(', ')}
            <button onClick={() => p.onLevelChange?.('market')}>Market Level</button>
          </div>
        );
      },
    });
    bind(IndexReportsToken.symbol).toConstantValue({
      canRequest: (s: { can(r: string, a: string): boolean }) => s.can('index_report', 'create'),
      request: async (r: IndexReportRequest) => void requested.push(r),
    });
  }),
  provides: [InsightsPanelToken, IndexReportsToken],
});

/** Where Convert to Audience lands (the audiences plugin is not in this test). */
function BuilderProbe() {
  const location = useLocation();
  return (
    <h1>
      <span data-testid="location">{location.pathname + location.search}</span>
      <span data-testid="draft">{JSON.stringify(location.state ?? null)}</span>
    </h1>
  );
}
const builderProbe = definePlugin({
  id: 'builder-probe',
  titleKey: 'builder-probe:title',
  routes: [{ ref: createRouteRef({ id: 'probe.builder', scope: 'product', path: 'audiences/builder' }), load: async () => ({ default: BuilderProbe }) }],
});

const openMenu = async () => {
  fireEvent.click(await screen.findByTestId('explore-more'));
  return screen.findByRole('menu');
};

describe('Explore page', () => {
  beforeEach(() => {
    seen.length = 0;
    requested.length = 0;
  });

  it("EXP-001 / EXP-017 / EXP-018 routes: explore[/:personaId] with explore.read and the 'explore' flag; the builders", () => {
    expect(explore.routes!.map((r) => r.ref.path)).toEqual([
      'insights/explore/:personaId?',
      'insights/explore/builder/:personaId?',
      'insights/motivation-audience/builder/:personaId?',
    ]);
    const snap = (perms: string[], flag = true, isTier3 = false) => ({
      can: (r: string, a: string) => perms.includes(`${r}.${a}`),
      featureFlags: { explore: flag },
      modules: [],
      isTier3,
      hierarchy: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' },
    });
    const [view, build, motivation] = explore.routes!.map((r) => r.requires!);
    expect([view(snap(['explore.read'])), view(snap(['explore.read'], false)), view(snap([]))]).toEqual([true, false, false]);
    expect([build(snap(['explore.read'])), build(snap(['explore.read', 'explore.create'])), build(snap(['explore.read', 'explore.update']))]).toEqual([
      false,
      true,
      true,
    ]);
    const m = ['explore.read', 'request_motivation_audiences.create'];
    expect([motivation(snap(m, true, false)), motivation(snap(m, true, true))]).toEqual([false, true]);
  });

  it("EXP-001 / EXP-002 / EXP-004 title, the 441 px dropdown opening on the default persona, 'N/A' until the count is in", async () => {
    const s = server();
    let release: () => void = () => undefined;
    s.on(
      E.counts,
      () => new Promise((r) => (release = () => r({ body: { people: 4321, base: { region: 'acme/us', kind: 'matched', population: 9, filtered: 9 } } }))),
    );
    await renderInShell([explore, providers], `${P}/insights/explore`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights Explore' })).toBeTruthy();
    const dropdown = await screen.findByTestId('explore-dropdown');
    expect(dropdown.style.width).toBe('441px');
    await waitFor(() => expect(dropdown.textContent).toContain('Health-conscious parents'));
    expect(screen.getByTestId('explore-matched-count').textContent).toBe('Matched: N/A');
    // EXP-006: the loading overlay while the count is in flight.
    expect(screen.getByTestId('explore-loading')).toBeTruthy();
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('explore-matched-count').textContent).toBe('Matched: 4,321'));
    expect(screen.queryByTestId('explore-loading')).toBeNull();
    expect(s.callsTo(E.counts).at(-1)!.url).toBe('/api/v1/explore/personas/2/counts');
  });

  it("EXP-007 the shared Insights panel: context 'explore', the persona as owner and its rule as the audience", async () => {
    server();
    await renderInShell([explore, providers], `${P}/insights/explore/3`);
    await waitFor(() => expect(screen.getByTestId('fake-panel').textContent).toContain('Young urban streamers'));
    expect(seen.at(-1)).toMatchObject({
      context: 'explore',
      owner: { kind: 'personas', id: 3 },
      audiences: [{ name: 'Young urban streamers', rules: STREAMERS.rules }],
      level: 'person',
    });
  });

  it('EXP-009 / EXP-011 / EXP-012 / EXP-013 the all-data persona: edit, copy, delete disabled; index report and convert too', async () => {
    server();
    await renderInShell([explore, providers], `${P}/insights/explore/1`);
    await waitFor(() => expect(screen.getByTestId('explore-dropdown').textContent).toContain('All Data'));
    for (const id of ['explore-edit', 'explore-copy', 'explore-delete']) expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('explore-create') as HTMLButtonElement).disabled).toBe(false);
    const menu = await openMenu();
    expect(within(menu).getByText('Create Index Report').closest('a')!.getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByText('Convert to Audience').closest('a')!.getAttribute('aria-disabled')).toBe('true');
  });

  it('EXP-012 / EXP-025 index report disabled for lite clients and without index_report.create', async () => {
    server(undefined, { flags: { lite: true } });
    const first = await renderInShell([explore, providers], `${P}/insights/explore/2`);
    let menu = await openMenu();
    const item = within(menu).getByText('Create Index Report').closest('a')!;
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.getAttribute('title')).toBe('Index reports are not available for lite clients.');
    first.unmount();
    server(undefined, { permissions: { explore: all, audiences: all } });
    await renderInShell([explore, providers], `${P}/insights/explore/2`);
    menu = await openMenu();
    expect(within(menu).getByText('Create Index Report').closest('a')!.getAttribute('title')).toBe('You do not have permission for this action.');
  });

  it('EXP-003 a viewer (explore.read) sees no create, edit, copy or delete', async () => {
    server(undefined, { permissions: { explore: { read: true } } });
    await renderInShell([explore, providers], `${P}/insights/explore/2`);
    await screen.findByTestId('explore-more');
    for (const id of ['explore-create', 'explore-edit', 'explore-copy', 'explore-delete']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('EXP-015 Convert to Audience opens audiences/builder with savePersona, Explore and the return URL, holding the persona rule', async () => {
    server();
    await renderInShell([explore, providers, builderProbe], `${P}/insights/explore/2`);
    fireEvent.click(within(await openMenu()).getByText('Convert to Audience'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/acme/us/fizz-cola/fizz-zero/audiences/builder?action=savePersona&referer=Explore&returnUrl=insights%2Fexplore%2F2',
      ),
    );
    expect(JSON.parse(screen.getByTestId('draft').textContent!)).toEqual({ audienceDraft: { name: 'Health-conscious parents', rules: PARENTS.rules } });
  });

  it('EXP-014 Convert to Audience is hidden once the panel switches to Market Level', async () => {
    server();
    await renderInShell([explore, providers], `${P}/insights/explore/2`);
    expect(within(await openMenu()).queryByText('Convert to Audience')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Market Level' }));
    await waitFor(() => expect(seen.at(-1)!.level).toBe('market'));
    expect(within(await openMenu()).queryByText('Convert to Audience')).toBeNull();
  });

  it('EXP-016 tier 3 shows Request Motivation Audience instead of Convert to Audience', async () => {
    server(undefined, { tier: 3 });
    await renderInShell([explore, providers], `${P}/insights/explore/2`);
    const menu = await openMenu();
    expect(within(menu).queryByText('Convert to Audience')).toBeNull();
    fireEvent.click(within(menu).getByText('Request Motivation Audience'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Motivation Audience' })).toBeTruthy();
  });

  it('EXP-019 copy and delete notices last 2500 ms; the copy is selected, a delete goes to the all-data persona', async () => {
    const s = server();
    s.on(E.copy, () => ({ status: 201, body: { data: persona(4, 'Health-conscious parents (copy)') } }));
    s.on(E.remove, { data: { message: 'Persona deleted.' } });
    const { boot } = await renderInShell([explore, providers], `${P}/insights/explore/2`);
    const toasts = boot.container.get<ToastStore>(ToastStoreToken.symbol);
    fireEvent.click(await screen.findByTestId('explore-copy'));
    await waitFor(() => expect(screen.getByTestId('explore-dropdown').textContent).toContain('Health-conscious parents (copy)'));
    await waitFor(() => expect(toasts.toasts.map((t) => [t.message, t.timeout])).toContainEqual(['Persona copied.', 2500]));
    fireEvent.click(screen.getByTestId('explore-delete'));
    await screen.findByTestId('explore-delete-confirm');
    fireEvent.click(within(document.querySelector<HTMLElement>('.bp6-alert')!).getByRole('button', { name: 'Delete persona' }));
    await waitFor(() => expect(toasts.toasts.map((t) => [t.message, t.timeout])).toContainEqual(['Persona deleted.', 2500]));
    await waitFor(() => expect(screen.getByTestId('explore-dropdown').textContent).toContain('All Data'));
    // A failure says so, for as long.
    s.on(E.copy, () => ({ status: 500, body: { error: { message: 'down', status: 500 } } }));
    fireEvent.click(screen.getByTestId('explore-dropdown'));
    fireEvent.click(await screen.findByTestId('explore-option-3'));
    await waitFor(() => expect(screen.getByTestId('explore-dropdown').textContent).toContain('Young urban streamers'));
    fireEvent.click(screen.getByTestId('explore-copy'));
    await waitFor(() => expect(toasts.toasts.map((t) => [t.message, t.timeout])).toContainEqual(['Persona could not be copied. Please try again.', 2500]));
  });

  it('EXP-020 a persona with deleted segments: the modal names their number; Edit opens the builder without them; closing goes to All Data', async () => {
    server([ALL, persona(5, 'Stale', { deletedSegmentIds: ['ig-0001'] })]);
    await renderInShell([explore, providers], `${P}/insights/explore/5`);
    const modal = (await screen.findByTestId('explore-invalid-persona-message')).closest<HTMLElement>('[role="dialog"]')!;
    expect(modal.textContent).toContain('Stale has 1 segment(s) no longer available from the provider and cannot be selected.');
    expect(screen.queryByTestId('fake-panel')).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Persona' })).toBeTruthy();
    expect(screen.getByTestId('explore-builder-segment-dmx-0001')).toBeTruthy();
    expect(screen.queryByTestId('explore-builder-segment-ig-0001')).toBeNull();
  });

  it('EXP-020 closing the invalid-persona modal switches to the all-data persona', async () => {
    server([ALL, persona(5, 'Stale', { deletedSegmentIds: ['ig-0001'] })]);
    await renderInShell([explore, providers], `${P}/insights/explore/5`);
    const modal = (await screen.findByTestId('explore-invalid-persona-message')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.keyDown(modal, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('explore-dropdown').textContent).toContain('All Data'));
  });

  it('EXP-021 / EXP-022 custom widgets with unavailable audiences: Remove Invalid Audience(s) (throttled 5000 ms) or delete', async () => {
    const s = server();
    s.on(E.invalidIdentifiers, { data: { deletedSegmentIds: ['zz-1'], tabs: ['Custom'], widgets: ['Lifestyle'] } });
    let removals = 0;
    s.on(E.removeInvalid, () => {
      removals++;
      return { body: { data: PARENTS, message: 'Invalid audiences removed.' } };
    });
    await renderInShell([explore, providers], `${P}/insights/explore/2`);
    const modal = (await screen.findByTestId('explore-invalid-widgets-message')).closest<HTMLElement>('[role="dialog"]')!;
    expect(modal.textContent).toContain(
      'Health-conscious parents or an associated custom widget contains Audience(s) with segments no longer available from the provider.',
    );
    expect(modal.textContent).toContain('Lifestyle');
    expect(within(modal).getByRole('button', { name: 'Delete persona' })).toBeTruthy();
    const remove = within(modal).getByRole('button', { name: 'Remove Invalid Audience(s)' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(removals).toBe(1));
  });

  it('EXP-024 Create Index Report opens the drawer; Submit queues the persona report with the drawer choices', async () => {
    server();
    await renderInShell([explore, providers], `${P}/insights/explore/2`);
    fireEvent.click(within(await openMenu()).getByText('Create Index Report'));
    const drawer = await screen.findByTestId('explore-index-report');
    fireEvent.change(within(drawer).getByLabelText('Report name'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('explore-index-report-submit'));
    expect(await within(drawer).findByText('Name is required.')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Report name'), { target: { value: 'Parents report' } });
    fireEvent.change(within(drawer).getByLabelText('Layout'), { target: { value: 'detailed' } });
    fireEvent.click(within(drawer).getByLabelText('Allow dataset skew'));
    fireEvent.click(screen.getByTestId('explore-index-report-submit'));
    expect(await screen.findByText('Index report requested. You will be notified when it is ready.')).toBeTruthy();
    expect(requested).toEqual([
      expect.objectContaining({
        name: 'Parents report',
        uiName: 'Parents report',
        personaId: 2,
        rules: PARENTS.rules,
        layoutType: 'detailed',
        allowDatasetSkew: true,
        allowUnknownRateSkew: false,
      }),
    ]);
  });

  it('EXP-017 the builder: name required and unique per product, segments required; nothing is sent while they fail', async () => {
    const s = server();
    await renderInShell([explore, providers], `${P}/insights/explore/builder`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Persona' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('explore-builder-save'));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Choose at least one segment.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Persona name'), { target: { value: ' young URBAN streamers ' } });
    expect(await screen.findByText('A persona with this name already exists in this product.')).toBeTruthy();
    expect(s.callsTo(E.create)).toHaveLength(0);
  });

  it('EXP-017 editing: the persona opens in the builder; Save sends name, identifiers and default, then shows the persona', async () => {
    const s = server();
    s.on(E.update, ({ body }) => {
      const p = (body as { persona: { name: string } }).persona;
      return { body: { data: { ...STREAMERS, name: p.name, identifiers: ['dmx-0001'], segments: [STREAMERS.segments[0]] }, default_id: 2 } };
    });
    await renderInShell([explore, providers], `${P}/insights/explore/builder/3`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Persona' })).toBeTruthy();
    expect((screen.getByLabelText('Persona name') as HTMLInputElement).value).toBe('Young urban streamers');
    fireEvent.change(screen.getByLabelText('Persona name'), { target: { value: 'Young runners' } });
    fireEvent.click(within(screen.getByTestId('explore-builder-segment-ig-0001')).getByRole('button'));
    fireEvent.click(screen.getByTestId('explore-builder-save'));
    await waitFor(() => expect(s.callsTo(E.update)).toHaveLength(1));
    expect(s.callsTo(E.update)[0].body).toEqual({ persona: { name: 'Young runners', identifiers: ['dmx-0001'], default: false } });
    await waitFor(() => expect(screen.getByTestId('explore-dropdown').textContent).toContain('Young runners'));
  });

  it('EXP-009 the all-data persona does not open in the builder', async () => {
    server();
    await renderInShell([explore, providers], `${P}/insights/explore/builder/1`);
    expect(await screen.findByTestId('explore-builder-all-data')).toBeTruthy();
  });

  it('EXP-026..033 the motivation builder: the overview list, Failed with its message, delete 405 opens the Insights modal', async () => {
    const s = server(undefined, { tier: 3 });
    const mot = (id: number, job_status: MotivationDto['attributes']['job_status'], people: number | null, message: string | null = null): MotivationDto => ({
      id,
      type: 'motivation_audience',
      attributes: {
        name: `M${id}`,
        persona_id: 2,
        persona_name: 'Health-conscious parents',
        use_cases: ['insights'],
        job_status,
        count: { people },
        message,
        created_at: 'now',
      },
    });
    s.on(E.motivationsOverview, { data: [mot(1, 'pending', null), mot(2, 'completed', 4200), mot(3, 'failed', null, 'Segments gone')] });
    s.on(E.removeMotivation, () => ({ status: 405, body: { error: { message: 'used in insights', status: 405 } } }));
    await renderInShell([explore, providers], `${P}/insights/motivation-audience/builder/2`);
    const rows = await screen.findAllByTestId(/^motivation-row-/);
    expect(rows.map((r) => within(r).getByTestId('motivation-people').textContent)).toEqual(['', '4,200', 'Failed']);
    expect(within(rows[2]).getByLabelText('Failed: Segments gone')).toBeTruthy();
    expect((screen.getByTestId('motivation-persona') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByTestId('motivation-delete-2'));
    expect(await screen.findByText('This motivation audience is used in Insights and cannot be deleted.')).toBeTruthy();
  });
});
