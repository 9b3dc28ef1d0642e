import { FakeServer, renderInShell } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { scenarioPlannerEndpoints as E, type CurveDto, type CurveInput, type PlanImportDto } from '../../common';
import plugin from '../index';

const all = { create: true, read: true, update: true, destroy: true };
const PAGE = '/acme/us/fizz-cola/fizz-zero/plans/admin';

const generic = (id: number, media_type: string, trp = false): CurveDto => ({
  id,
  media_type,
  curve_type_name: trp ? 'TRP' : 'S-Curve',
  is_generic: true,
  isTRP: trp,
  params: { Base: 0, Slope: 0.02, Acceleration: 100, Asymptote: 60, Asymmetry: 1, CppOrCpm: trp ? 0 : 1, CPP: trp ? 2 : null },
});
const TYPES = { 'S-Curve': { is_trp: false, description: '' }, TRP: { is_trp: true, description: '' } };

function server(opts: { permissions?: Record<string, unknown>; flag?: boolean; imports?: PlanImportDto[]; curves?: CurveDto[] } = {}) {
  let curves = opts.curves ?? [];
  const s = new FakeServer()
    .signedIn({
      flags: { scenarios: opts.flag ?? true },
      permissions: { curves: all, plans: all, ...opts.permissions },
      config: { service_desk_url: 'https://desk' },
    })
    .on(E.statusImport, { data: opts.imports ?? [] })
    .on(E.curveTypes, TYPES)
    .on(E.genericCurves, { data: [generic(1, 'Linear TV', true), generic(2, 'Social')] })
    .on(E.curves, () => ({ body: { data: curves } }))
    .on(E.createCurves, ({ body }) => {
      const list = body as CurveInput[];
      const bad = list.filter((c) => c.media_type === 'Refused');
      const ok = list.filter((c) => c.media_type !== 'Refused');
      curves = ok.map((c, i) => ({ ...generic(100 + i, c.media_type), is_generic: c.is_generic }));
      return { body: { curves, error_messages: Object.fromEntries(bad.map((c) => [c.key!, ['Base: Please enter a number']])) } };
    });
  s.install();
  return s;
}

describe('Scenario Planner Management page', () => {
  beforeEach(() => localStorage.clear());

  it('SCN-001 SCN-002 shows under plans/admin with curves CRU and the scenarios flag', async () => {
    server();
    await renderInShell([plugin], PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scenario Planner Management' })).toBeTruthy();
  });

  it('SCN-001 without the scenarios flag the page is not served', async () => {
    server({ flag: false });
    await renderInShell([plugin], PAGE);
    await waitFor(() => expect(screen.queryByTestId('scenario-planner-page')).toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('heading', { name: 'Scenario Planner Management' })).toBeNull();
  });

  it('SCN-001 SHELL-005 a viewer without curves rights is sent to the home and told why (issue 27 §6)', async () => {
    server({ permissions: { curves: { read: true } } });
    await renderInShell([plugin], PAGE);
    expect(
      await within(screen.getByTestId('toasts')).findByText("You don't have access to Scenario Planner here, so you were taken to the home page."),
    ).toBeTruthy();
    expect(screen.queryByTestId('scenario-planner-page')).toBeNull();
  });

  it('SCN-003 SCN-005 SCN-007 SCN-008 imports: Import disabled while empty, the record joins the list with its badge', async () => {
    const s = server({
      imports: [
        { id: 1, scenario_planner_id: 'SP-OLD', import_success: true, message: "Imported 'Old'", created_at: '2026-11-01T09:30:00' },
        {
          id: 2,
          scenario_planner_id: 'SP-BAD',
          import_success: false,
          message: 'Project SP-BAD was not found in the planning system.',
          created_at: '2026-11-02T09:30:00',
        },
      ],
    });
    s.on(E.importScenario, { data: { id: 3, scenario_planner_id: 'SP-1001', import_success: null, message: null, created_at: '2026-11-03T09:30:00' } });
    await renderInShell([plugin], PAGE);
    const button = (await screen.findByTestId('import-button')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('project-id'), { target: { value: 'SP-1001' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    const table = await screen.findByTestId('imports-table');
    await within(table).findByText('SP-1001');
    expect(s.callsTo(E.importScenario)[0].body).toEqual({ sp_plan_id: 'SP-1001' });
    // Issue 27 §6: a successful import leaves an empty field with its help, not the red 'Please enter a Project ID'.
    expect((screen.getByTestId('project-id') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Please enter a Project ID')).toBeNull();
    expect(screen.getByText("The project's id in the planning system, e.g. SP-1001")).toBeTruthy();
    // Newest first, each with its badge and tooltip text.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['import-row-SP-1001', 'import-row-SP-BAD', 'import-row-SP-OLD']);
    expect(screen.getByTestId('import-status-3').getAttribute('data-tooltip')).toBe('Submitted');
    expect(screen.getByTestId('import-status-2').getAttribute('data-tooltip')).toBe('Project SP-BAD was not found in the planning system.');
    expect(screen.getByTestId('import-status-1').getAttribute('data-tooltip')).toBe('Imported on 2026-11-01 09:30');
    expect(screen.getByTestId('import-status-1').textContent).toContain('Complete');
    expect(screen.getByTestId('import-status-2').textContent).toContain('Failed');
  });

  it('SCN-012 SCN-014 SCN-013 the modes exclude each other; generic lists the catalogue’s media types', async () => {
    server();
    await renderInShell([plugin], PAGE);
    // No saved generic curve: upload mode.
    const upload = (await screen.findByTestId('mode-upload')) as HTMLInputElement;
    await waitFor(() => expect(upload.checked).toBe(true));
    const genericBox = screen.getByTestId('mode-generic') as HTMLInputElement;
    expect(genericBox.checked).toBe(false);
    fireEvent.click(genericBox);
    expect(genericBox.checked).toBe(true);
    expect(upload.checked).toBe(false);
    const apply = screen.getByTestId('apply') as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(within(screen.getByTestId('generic-media-types')).getByLabelText('Social'));
    expect(apply.disabled).toBe(false);
  });

  it('SCN-015 SCN-018 SCN-021 SCN-023 SCN-024 SCN-025 rows validate as typed; Add New Set only after a valid row; CPP for TRP', async () => {
    server();
    await renderInShell([plugin], PAGE);
    fireEvent.click(await screen.findByTestId('add-set'));
    expect(screen.queryByTestId('add-set')).toBeNull();
    expect(screen.getByTestId('curve-0-media_type-error').textContent).toBe('Please enter a Media Type');
    expect(screen.getByTestId('curve-0-curve_type_name-error').textContent).toBe('Please select a Curve Type');
    expect(screen.getByTestId('curve-0-Base-error').textContent).toBe('Please enter a number');
    expect((screen.getByTestId('apply') as HTMLButtonElement).disabled).toBe(true);
    const set = (f: string, v: string) => fireEvent.change(screen.getByTestId(`curve-0-${f}`), { target: { value: v } });
    set('media_type', 'Podcast');
    set('curve_type_name', 'TRP');
    for (const [f, v] of [
      ['Base', '0'],
      ['Slope', '0.03'],
      ['Acceleration', '1.'],
      ['Asymptote', '40'],
      ['Asymmetry', '1'],
    ])
      set(f, v);
    expect(screen.getByTestId('curve-0-Acceleration-error').textContent).toBe('Please enter a number');
    set('Acceleration', '-80.5');
    expect(screen.queryByTestId('curve-0-Acceleration-error')).toBeNull();
    expect(screen.getByTestId('curve-0-CPP-error').textContent).toBe('CPP must be greater than 0');
    set('CPP', '0.5');
    expect(screen.getByTestId('curve-0-CPP-error').textContent).toBe('CPP must be greater than 0');
    set('CPP', '3');
    expect(screen.queryByTestId('curve-0-CPP-error')).toBeNull();
    expect((screen.getByTestId('apply') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('add-set')).toBeTruthy();
    // A new unsaved row goes locally.
    fireEvent.click(screen.getByTestId('add-set'));
    fireEvent.click(screen.getByTestId('curve-1-remove'));
    expect(screen.queryByTestId('curve-row-1')).toBeNull();
  });

  it('SCN-026 SCN-027 SCN-028 applying uploaded curves over generic ones asks first; refused rows keep the server’s messages', async () => {
    const s = server({ curves: [generic(7, 'Social')] });
    await renderInShell([plugin], PAGE);
    // SCN-013: a saved generic curve selects generic mode with its media type checked.
    await waitFor(() => expect((screen.getByTestId('mode-generic') as HTMLInputElement).checked).toBe(true));
    expect((within(screen.getByTestId('generic-media-types')).getByLabelText('Social') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('mode-upload'));
    fireEvent.click(screen.getByTestId('add-set'));
    const fill = (i: number, media: string) => {
      const set = (f: string, v: string) => fireEvent.change(screen.getByTestId(`curve-${i}-${f}`), { target: { value: v } });
      set('media_type', media);
      set('curve_type_name', 'S-Curve');
      for (const f of ['Base', 'Slope', 'Acceleration', 'Asymptote', 'Asymmetry']) set(f, '1');
    };
    fill(0, 'Podcast');
    fireEvent.click(screen.getByTestId('add-set'));
    fill(1, 'Refused');
    fireEvent.click(screen.getByTestId('apply'));
    const dialog = await screen.findByTestId('apply-confirm');
    expect(dialog.textContent).toContain('Are you sure?');
    expect(dialog.textContent).toContain('By saving uploaded curves, you will lose selected generic curves');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, apply' }));
    await screen.findByText('Some curves could not be saved');
    const sent = s.callsTo(E.createCurves)[0].body as CurveInput[];
    expect(sent.map((c) => [c.media_type, c.is_generic])).toEqual([
      ['Podcast', false],
      ['Refused', false],
    ]);
    expect((await screen.findByTestId('curve-1-server-errors')).textContent).toBe('Base: Please enter a number');
    expect((screen.getByTestId('curve-0-media_type') as HTMLInputElement).value).toBe('Podcast');
  });

  it('SCN-029 failed curve calls show one dismissible "Unable to Import" notification, each saying what went wrong by its code', async () => {
    const s = server();
    s.on(E.curveTypes, () => ({ status: 500, body: { error: { message: 'types down', status: 500, code: 'internal' } } }));
    s.on(E.curves, () => ({ status: 503, body: { error: { message: 'curves down', status: 503, code: 'unavailable' } } }));
    await renderInShell([plugin], PAGE);
    const note = await screen.findByTestId('unable-to-import');
    expect(note.textContent).toContain('Unable to Import');
    expect(note.textContent).toContain('curveTypes: Something went wrong on the server.');
    expect(note.textContent).toContain('curves: The service is unavailable. Try again in a moment.');
    fireEvent.click(screen.getByTestId('dismiss-unable-to-import'));
    expect(screen.queryByTestId('unable-to-import')).toBeNull();
  });

  it('SCN-010 deleting an import asks "Are you sure?" and toasts "Plan deleted"; only with plans.destroy', async () => {
    const s = server({ imports: [{ id: 4, scenario_planner_id: 'SP-9', import_success: true, message: null, created_at: '2026-11-01T09:30:00' }] });
    s.on(E.deleteImport, { data: { id: 4 } });
    await renderInShell([plugin], PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the import of SP-9' }));
    expect((await screen.findByTestId('delete-import-confirm')).textContent).toContain('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Plan deleted');
    expect(s.callsTo(E.deleteImport)).toHaveLength(1);
    expect(screen.queryByTestId('import-row-SP-9')).toBeNull();
  });

  it('SCN-010 without plans.destroy there is no delete button', async () => {
    server({
      permissions: { plans: { create: true, read: true, update: true, destroy: false } },
      imports: [{ id: 4, scenario_planner_id: 'SP-9', import_success: true, message: null, created_at: '2026-11-01T09:30:00' }],
    });
    await renderInShell([plugin], PAGE);
    await screen.findByTestId('import-row-SP-9');
    expect(screen.queryByRole('button', { name: 'Delete the import of SP-9' })).toBeNull();
  });

  it('SCN-019 SCN-020 removing a saved row deletes it on the server: "Curve deleted"', async () => {
    const saved: CurveDto = { ...generic(21, 'Podcast'), is_generic: false };
    const s = server({ curves: [saved] });
    s.on(E.deleteCurve, { data: { id: 21 } });
    await renderInShell([plugin], PAGE);
    await waitFor(() => expect((screen.getByTestId('curve-0-media_type') as HTMLInputElement).value).toBe('Podcast'));
    fireEvent.click(screen.getByTestId('curve-0-remove'));
    await screen.findByText('Curve deleted');
    expect(s.callsTo(E.deleteCurve)[0].url).toContain('/curves/21');
    expect(screen.queryByTestId('curve-row-0')).toBeNull();
  });

  it('SCN-019 without curves.destroy a saved row has no remove button; a new row does', async () => {
    server({ curves: [{ ...generic(21, 'Podcast'), is_generic: false }], permissions: { curves: { create: true, read: true, update: true, destroy: false } } });
    await renderInShell([plugin], PAGE);
    await waitFor(() => expect((screen.getByTestId('curve-0-media_type') as HTMLInputElement).value).toBe('Podcast'));
    expect(screen.queryByTestId('curve-0-remove')).toBeNull();
    fireEvent.click(screen.getByTestId('add-set'));
    expect(screen.getByTestId('curve-1-remove')).toBeTruthy();
  });
});
