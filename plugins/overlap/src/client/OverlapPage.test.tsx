import { segmentsEndpoints } from '@discovery/insights-kit';
import { FakeServer, renderInShell } from '@discovery/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionSnapshot } from '@discovery/plugin-api';
import { overlapEndpoints as E, type ComparisonDto } from '../common';
import overlap from './index';

const P = '/acme/us/fizz-cola/fizz-zero';
const chart = (id: number, name: string, over: Partial<ComparisonDto> = {}): ComparisonDto => ({
  id,
  name,
  mode: 'matched',
  default: false,
  is_people_count: false,
  x_axis_name: 'Age',
  y_axis_name: 'Media',
  x_segments: [
    { short_id: 'is-0001', name: 'Adults 18-34', order: 0 },
    { short_id: 'is-0002', name: 'Adults 35-54', order: 1 },
  ],
  y_segments: [{ short_id: 'is-0003', name: 'Podcast listeners', order: 0 }],
  invalid_identifiers: [],
  created_at: 'then',
  updated_at: 'then',
  ...over,
});

function server(charts: ComparisonDto[], tier: 1 | 3 = 1, opts: { audiencesCreate?: boolean; defaultId?: number } = {}) {
  const s = new FakeServer()
    .signedIn({
      tier,
      flags: { overlap: true },
      permissions: { comparisons: { read: true, create: true, update: true, destroy: true }, audiences: { read: true, create: opts.audiencesCreate ?? true } },
      modules: ['overlap'],
    })
    .on(E.list, { data: charts, default_id: opts.defaultId ?? charts.find((c) => c.default)?.id ?? 0 })
    .on(segmentsEndpoints.segmentHierarchy, { data: [], region: 'acme/us' })
    .on(E.get, ({ params }) => ({ body: { data: charts.find((c) => c.id === Number(params.id)) } }))
    .on(E.chartCounts, {
      cells: [
        { x: 'is-0001', y: 'is-0003', count: 400, percent_value: 40, index_value: 120 },
        { x: 'is-0002', y: 'is-0003', count: 300, percent_value: 25, index_value: 80 },
      ],
      population: 10000,
      segment_counts: { 'is-0001': 1000, 'is-0002': 1200, 'is-0003': 3300 },
      global_counts: { 'is-0001': 2000, 'is-0002': 2400, 'is-0003': 6600 },
      min_base: 100,
    });
  s.install();
  return s;
}

describe('Overlap page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it.each([
    ['matched', 1, '% of X also appears in Y'],
    ['matched', 3, 'Unique overlap'],
    ['modeled', 3, 'Sum of Weights'],
    ['index', 1, 'Composition of Ys within X vs the composition of Ys within the total population (Counts based off overlap to total population)'],
  ] as const)('OVL-022 a %s chart in tier %i reads %j', async (mode, tier, text) => {
    server([chart(5, 'Media by age', { mode })], tier);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    await waitFor(() => expect(screen.getByTestId('overlap-description').textContent).toBe(text));
  });

  it("OVL-033 / OVL-035 / OVL-036 / OVL-038 the edit form: 'Chart Title', the two checkboxes, and per axis a label field, 'Select' and the picker", async () => {
    server([chart(5, 'Media by age', { default: true, is_people_count: true })]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    fireEvent.click(await screen.findByTestId('overlap-edit'));
    expect((screen.getByLabelText('Chart Title') as HTMLInputElement).value).toBe('Media by age');
    expect((screen.getByLabelText('Make this my default chart') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Show regional people count on chart for each segment/audience') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('X-Axis')).toBeTruthy();
    expect(screen.getByText('Y-Axis')).toBeTruthy();
    const labels = screen.getAllByLabelText('Axis label') as HTMLInputElement[];
    expect(labels.map((l) => l.value)).toEqual(['Age', 'Media']);
    fireEvent.change(labels[0], { target: { value: 'Age band' } });
    expect((screen.getAllByLabelText('Axis label')[0] as HTMLInputElement).value).toBe('Age band');
    expect(screen.getByTestId('overlap-select-x').textContent).toBe('Select');
    fireEvent.click(screen.getByTestId('overlap-select-y'));
    expect(await screen.findByText('Overlap: Select Segments(s)/Audience(s)')).toBeTruthy();
  });

  it("OVL-044 / OVL-045 (issue 27 §6) the new-chart form opens without red; 'Chart Title is required.' once the title is left empty, an axis's rule once it is emptied", async () => {
    server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    fireEvent.click(await screen.findByTestId('overlap-create'));
    const title = await screen.findByLabelText('Chart Title');
    expect(screen.queryByText('Chart Title is required.')).toBeNull();
    expect(screen.queryByTestId('overlap-axis-error-x')).toBeNull();
    expect(screen.queryByTestId('overlap-axis-error-y')).toBeNull();
    expect((screen.getByTestId('overlap-form-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.blur(title);
    expect(await screen.findByText('Chart Title is required.')).toBeTruthy();
    expect(screen.queryByTestId('overlap-axis-error-x')).toBeNull();
    cleanup();
    // Editing: removing the only Y segment shows the axis's rule.
    server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    fireEvent.click(await screen.findByTestId('overlap-edit'));
    await screen.findByTestId('overlap-remove-y-0');
    expect(screen.queryByTestId('overlap-axis-error-y')).toBeNull();
    fireEvent.click(screen.getByTestId('overlap-remove-y-0'));
    expect((await screen.findByTestId('overlap-axis-error-y')).textContent).toBe('Must select at least one segment for Y-Axis.');
  });

  it("OVL-024 (issue 27 §6) one Export control: the chart's Export menu, whose .xlsx is the server's workbook", async () => {
    const s = server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    const created: Blob[] = [];
    URL.createObjectURL = ((b: Blob) => {
      created.push(b);
      return 'blob:x';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => undefined;
    s.on(E.exportXlsx, { status: 200, body: 'xlsx', headers: { 'content-disposition': 'attachment; filename="Media by age.xlsx"' } });
    // No second Export button beside the chart's title: the chart frame's menu is the one control.
    const card = await screen.findByTestId('overlap-chart-card');
    await waitFor(() => expect(within(card).getByTestId('chart-export').hasAttribute('disabled')).toBe(false));
    expect(within(card).getAllByRole('button', { name: /export/i })).toHaveLength(1);
    expect(screen.queryByTestId('overlap-export')).toBeNull();
    fireEvent.click(within(card).getByTestId('chart-export'));
    fireEvent.click(await screen.findByTestId('chart-export-xlsx'));
    await waitFor(() => expect(s.callsTo(E.exportXlsx).map((c) => c.url)).toEqual(['/api/v1/overlap/comparisons/5/export']));
    await waitFor(() => expect(created).toHaveLength(1));
  });

  it("OVL-001 insights/overlap[/:comparisonId] needs comparisons.read and the client's 'overlap' flag", () => {
    const snapshot = (read: boolean, flag: boolean): SessionSnapshot => ({
      can: (resource, action) => read && resource === 'comparisons' && action === 'read',
      featureFlags: { overlap: flag },
      modules: ['overlap'],
      isTier3: false,
      hierarchy: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' },
    });
    expect(overlap.routes!.map((r) => r.ref.path)).toEqual(['insights/overlap', 'insights/overlap/:comparisonId']);
    for (const r of overlap.routes!)
      expect([r.requires!(snapshot(true, true)), r.requires!(snapshot(false, true)), r.requires!(snapshot(true, false))]).toEqual([true, false, false]);
  });

  it('OVL-003 / OVL-007 the dropdown flags the default chart; picking another loads it and its counts', async () => {
    const s = server(
      [chart(5, 'Media by age', { default: true }), chart(6, 'Snacks by region', { x_segments: [{ short_id: 'is-0002', name: 'Adults 35-54', order: 0 }] })],
      1,
      {
        defaultId: 5,
      },
    );
    await renderInShell([overlap], `${P}/insights/overlap`);
    await waitFor(() => expect(screen.getByTestId('overlap-dropdown').textContent).toContain('Media by age'));
    fireEvent.click(screen.getByTestId('overlap-dropdown'));
    const option5 = await screen.findByTestId('overlap-option-5');
    expect(within(option5).queryByTestId('overlap-default-flag')).not.toBeNull();
    expect(within(screen.getByTestId('overlap-option-6')).queryByTestId('overlap-default-flag')).toBeNull();
    fireEvent.click(screen.getByTestId('overlap-option-6'));
    await waitFor(() => expect(screen.getByTestId('overlap-dropdown').textContent).toContain('Snacks by region'));
    // Counted by chart id (issue 24).
    await waitFor(() => expect(s.callsTo(E.chartCounts).map((c) => c.url)).toContain('/api/v1/overlap/comparisons/6/counts'));
  });

  it("OVL-009 / OVL-021 without charts: 'New Chart', 'Click above to build your overlap chart.' and placeholder axes of 12 × 6", async () => {
    server([]);
    await renderInShell([overlap], `${P}/insights/overlap`);
    expect((await screen.findByTestId('overlap-empty')).textContent).toContain('Click above to build your overlap chart.');
    expect(screen.getByTestId('overlap-new-chart').textContent).toBe('New Chart');
    expect(screen.getByTestId('overlap-placeholder').children).toHaveLength(72);
  });

  it("OVL-013 / OVL-029 the filter bar, and 'Save Audience' only with audiences.create outside tier 3", async () => {
    server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    expect(await screen.findByTestId('overlap-filter-bar')).toBeTruthy();
    expect(screen.getByTestId('overlap-save-audience').textContent).toBe('Save Audience');
    cleanup();
    server([chart(5, 'Media by age')], 3);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    await screen.findByTestId('overlap-filter-bar');
    expect(screen.queryByTestId('overlap-save-audience')).toBeNull();
    cleanup();
    server([chart(5, 'Media by age')], 1, { audiencesCreate: false });
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    await screen.findByTestId('overlap-filter-bar');
    expect(screen.queryByTestId('overlap-save-audience')).toBeNull();
  });

  it('OVL-018 / OVL-025 labels show name and count (global, or regional with is_people_count); a zero count has the warning that opens the zero-count modal', async () => {
    const s = server([chart(5, 'Media by age')]);
    s.on(E.chartCounts, {
      cells: [
        { x: 'is-0001', y: 'is-0003', count: 0, percent_value: 0, index_value: 0 },
        { x: 'is-0002', y: 'is-0003', count: 300, percent_value: 25, index_value: 80 },
      ],
      population: 10000,
      segment_counts: { 'is-0001': 0, 'is-0002': 1200, 'is-0003': 3300 },
      global_counts: { 'is-0001': 0, 'is-0002': 2400, 'is-0003': 6600 },
      min_base: 100,
    });
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    await waitFor(() => expect(screen.getByTestId('heat-label-x-is-0002').textContent).toContain('2,400'));
    // issue 24: the cells are the region's, so a global label count says it is not.
    expect(screen.getByTestId('heat-label-x-is-0002').textContent).toContain('2,400 (all regions)');
    expect(screen.getByTestId('heat-label-x-is-0002').textContent).toContain('Adults 35-54');
    const zero = screen.getByTestId('zero-count-is-0001');
    expect(zero.getAttribute('aria-label')).toBe('Click to learn why this audience has a zero count.');
    fireEvent.click(zero);
    expect(await screen.findByText('Segment/Audience counts may display as zero due to the following reasons')).toBeTruthy();
    cleanup();
    server([chart(5, 'Media by age', { is_people_count: true })]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    await waitFor(() => expect(screen.getByTestId('heat-label-x-is-0002').textContent).toContain('1,200'));
  });

  it("OVL-020 the legend: a 0 to 100% gradient, or '-', '100', '+' for an index chart", async () => {
    server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    expect((await screen.findByTestId('overlap-legend')).getAttribute('aria-label')).toBe('Colour scale: 0% … 100%');
    cleanup();
    server([chart(5, 'Media by age', { mode: 'index' })]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    expect((await screen.findByTestId('overlap-legend')).getAttribute('aria-label')).toBe('Colour scale: - … 100 … +');
  });

  it("OVL-040 / OVL-041 the form's count columns: 'People Count' with its LiveRamp tooltip, or in tier 3 'Matched' and 'Modeled'", async () => {
    server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    fireEvent.click(await screen.findByTestId('overlap-edit'));
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await waitFor(() => expect(headers()).toContain('People Count'));
    expect(headers()).not.toContain('Modeled');
    fireEvent.mouseEnter(within(screen.getAllByRole('columnheader').find((h) => h.textContent === 'People Count')!).getByText('People Count'));
    expect(await screen.findByText('PIDs that belong to the segment/audience and have a LiveRamp IDL')).toBeTruthy();
    cleanup();
    server([chart(5, 'Media by age')], 3);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    fireEvent.click(await screen.findByTestId('overlap-edit'));
    await waitFor(() => expect(headers()).toContain('Matched'));
    expect(headers()).toContain('Modeled');
    fireEvent.mouseEnter(within(screen.getAllByRole('columnheader').find((h) => h.textContent === 'Modeled')!).getByText('Modeled'));
    expect(await screen.findByText('Modeled weights on panel IDs')).toBeTruthy();
  });

  it("OVL-019 in the form, a segment that counts nobody warns 'The audience has a zero count. Select another audience to replace it.'", async () => {
    const s = server([chart(5, 'Media by age')]);
    const seg = (identifier: string, matched: number) => ({
      identifier,
      name: identifier,
      path: 'Demographix > Age',
      count: { people: { all: matched }, matched, modeled: matched },
      data_permissions: [],
      available: true,
    });
    s.on(segmentsEndpoints.byIdentifiers, { data: [seg('is-0001', 0), seg('is-0002', 1200), seg('is-0003', 3300)] });
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    fireEvent.click(await screen.findByTestId('overlap-edit'));
    const zero = await screen.findByTestId('overlap-entry-zero-is-0001');
    expect(zero.getAttribute('aria-label')).toBe('The audience has a zero count. Select another audience to replace it.');
    expect(screen.queryByTestId('overlap-entry-zero-is-0002')).toBeNull();
  });
});
