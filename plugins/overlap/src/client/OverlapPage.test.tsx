import { segmentsEndpoints } from '@discovery/counts/common';
import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

function server(charts: ComparisonDto[], tier = 1) {
  const hierarchy = fixtures.hierarchy();
  hierarchy[0].feature_flags = { overlap: true } as (typeof hierarchy)[0]['feature_flags'];
  const s = new FakeServer()
    .respond('GET /api/v1/config', {
      data: { tier, logout_url: '/api/v1/adfs/logout', help_urls: {}, show_privacy_policy_link: true, tier3_weights_suffix: '_weights' },
    })
    .respond('GET /api/v1/hierarchy', { data: hierarchy })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', {
      data: fixtures.me({ permissions: { comparisons: { read: true, create: true, update: true, destroy: true }, audiences: { read: true, create: true } } }),
    })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['overlap'] })
    .on(E.list, { data: charts, default_id: 0 })
    .on(segmentsEndpoints.segmentHierarchy, { data: [], region: 'acme/us' })
    .on(E.get, ({ params }) => ({ body: { data: charts.find((c) => c.id === Number(params.id)) } }))
    .on(E.counts, {
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

  it('OVL-024 the export icon asks the server for the chart as a workbook', async () => {
    const s = server([chart(5, 'Media by age')]);
    await renderInShell([overlap], `${P}/insights/overlap/5`);
    const created: Blob[] = [];
    URL.createObjectURL = ((b: Blob) => {
      created.push(b);
      return 'blob:x';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => undefined;
    s.on(E.exportXlsx, { status: 200, body: 'xlsx', headers: { 'content-disposition': 'attachment; filename="Media by age.xlsx"' } });
    fireEvent.click(await screen.findByTestId('overlap-export'));
    await waitFor(() => expect(s.callsTo(E.exportXlsx).map((c) => c.url)).toEqual(['/api/v1/overlap/comparisons/5/export']));
    await waitFor(() => expect(created).toHaveLength(1));
  });
});
