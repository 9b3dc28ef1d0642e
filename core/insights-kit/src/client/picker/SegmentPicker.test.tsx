import { HierarchyStoreToken, type HierarchyStore } from '@discovery/platform';
import { createTestContainer, FakeServer, fixtures, renderWith } from '@discovery/test-utils';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SegmentPicker } from './SegmentPicker';
import type { PickerSegment } from './SegmentPickerStore';

const dto = (identifier: string, name: string, matched: number, perms = ['create_audience_single']) => ({
  identifier,
  name,
  path: 'Demographix > Demographics > Age',
  count: { people: { global: matched }, matched, modeled: matched * 2 },
  data_permissions: perms,
  available: true,
});

/** The fake server of the latest `open`. */
let fake: FakeServer;

function server() {
  fake = new FakeServer()
    .respond('GET /api/v1/segments/products/-/segment_hierarchy', {
      data: [
        {
          vendor_name: 'demographix',
          display_name: 'Demographix',
          hierarchies: [{ name: 'Demographics > Age', segments: [{ identifier: 'dmx-0001', name: '18-24', matched: 1200, modeled: 1500 }] }],
        },
      ],
    })
    .handle('GET /api/v1/segments/search', (_body, _init, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const all = [dto('dmx-0001', '18-24', 1200), dto('dmx-0002', '25-34', 3400), dto('ig-0016', 'Golf', 0, []), dto('is-0001', 'Soft drinks', 900, [])];
      return { body: { data: all.filter((s) => `${s.name} ${s.path}`.toLowerCase().includes(q)) } };
    });
  fake.install();
}

async function open(props: Partial<React.ComponentProps<typeof SegmentPicker>> = {}) {
  server();
  const boot = await createTestContainer();
  const chosen: PickerSegment[][] = [];
  renderWith(<SegmentPicker isOpen onClose={() => undefined} onSelect={(s) => chosen.push(s)} {...props} />, { boot });
  return chosen;
}

describe('SegmentPicker counts (issue 14 §9)', () => {
  it("labels both figures and shows the region of the page's context, saying which", async () => {
    new FakeServer()
      .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
      .respond('GET /api/v1/segments/products/fizz-zero/segment_hierarchy', {
        region: 'acme/us',
        data: [
          {
            vendor_name: 'demographix',
            display_name: 'Demographix',
            hierarchies: [
              {
                name: 'Demographics > Age',
                segments: [{ identifier: 'dmx-0001', name: '18-24', matched: 12000, modeled: 15000, regional: { matched: 1200, modeled: 1500 } }],
              },
            ],
          },
        ],
      })
      .install();
    const boot = await createTestContainer();
    const hierarchy = boot.container.get<HierarchyStore>(HierarchyStoreToken.symbol);
    await hierarchy.load();
    hierarchy.select({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' });
    renderWith(<SegmentPicker isOpen onClose={() => undefined} onSelect={() => undefined} />, { boot });
    fireEvent.click(await screen.findByText('Demographix'));
    fireEvent.click(await screen.findByText('Demographics > Age'));
    await screen.findByText('18-24');
    expect(screen.getByTestId('picker-scope').textContent).toBe('Matched and modeled people in United States');
    expect(screen.getByTestId('picker-matched').textContent).toBe('Matched 1,200');
    expect(screen.getByTestId('picker-modeled').textContent).toBe('Modeled 1,500');
  });

  it('without a region in the population the figures are all regions’, and it says so', async () => {
    await open();
    fireEvent.click(await screen.findByText('Demographix'));
    fireEvent.click(await screen.findByText('Demographics > Age'));
    await screen.findByText('18-24');
    expect(screen.getByTestId('picker-scope').textContent).toBe('Matched and modeled people in all regions');
    expect(screen.getByTestId('picker-matched').textContent).toBe('Matched 1,200');
  });
});

describe('SegmentPicker', () => {
  it('browses the vendor tree with matched and modeled counts', async () => {
    await open();
    fireEvent.click(await screen.findByText('Demographix'));
    fireEvent.click(await screen.findByText('Demographics > Age'));
    expect(await screen.findByText('18-24')).toBeTruthy();
    expect(screen.getByText('1,200')).toBeTruthy();
    expect(screen.getByText('1,500')).toBeTruthy();
  });

  it('searches, selects several and hands them back', async () => {
    const chosen = await open();
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'age' } });
    expect(await screen.findByText('25-34')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/18-24/));
    fireEvent.click(screen.getByLabelText(/25-34/));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByTestId('picker-confirm'));
    expect(chosen[0].map((s) => s.identifier)).toEqual(['dmx-0001', 'dmx-0002']);
  });

  it('single select replaces the choice', async () => {
    await open({ multiple: false });
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'age' } });
    fireEvent.click(await screen.findByLabelText(/18-24/));
    fireEvent.click(screen.getByLabelText(/25-34/));
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('disables zero-count segments unless allowed, and segments that cannot seed an audience', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'golf' } });
    expect(((await screen.findByLabelText(/Golf/)) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'soft' } });
    await waitFor(() => expect((screen.getByLabelText(/Soft drinks/) as HTMLInputElement).disabled).toBe(true));
  });

  it('allows zero-count segments where the caller says so (site-visit mapping)', async () => {
    await open({ allowZeroCount: true, context: 'mapping', multiple: false });
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'golf' } });
    expect(((await screen.findByLabelText(/Golf/)) as HTMLInputElement).disabled).toBe(false);
  });

  it('EXP-056 asks for addressable hierarchies only (is_addressable=true, as on a Matched tab); the site-visit mapping asks for all', async () => {
    const tree = () =>
      fake.calls.filter((c) => c.url.startsWith('/api/v1/segments/products/-/segment_hierarchy')).map((c) => new URL(c.url, 'http://x').search);
    await open();
    expect(await screen.findByText('Demographix')).toBeTruthy();
    expect(tree()).toEqual(['?is_addressable=true']);
    await open({ allowZeroCount: true, context: 'mapping', multiple: false });
    await waitFor(() => expect(tree()).toEqual(['?is_addressable=false']));
  });

  it('stops at the maximum (12 on an overlap axis)', async () => {
    await open({ max: 1, context: 'overlap' });
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'age' } });
    fireEvent.click(await screen.findByLabelText(/18-24/));
    expect((screen.getByLabelText(/25-34/) as HTMLInputElement).disabled).toBe(true);
  });

  it('starts afresh each time it opens: no selection and no search left from last time', async () => {
    server();
    const boot = await createTestContainer();
    function Reopening() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>toggle</button>
          <SegmentPicker isOpen={open} onClose={() => undefined} onSelect={() => undefined} />
        </>
      );
    }
    renderWith(<Reopening />, { boot });
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'age' } });
    fireEvent.click(await screen.findByLabelText(/25-34/));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.click(screen.getByText('toggle'));
    expect(await screen.findByText('0 selected')).toBeTruthy();
    expect((screen.getByLabelText('Search segments') as HTMLInputElement).value).toBe('');
  });

  it('issue 24 §3: a tree that fails to load ends in an error state with a retry, not a spinner', async () => {
    let fail = true;
    new FakeServer()
      .handle('GET /api/v1/segments/products/-/segment_hierarchy', () =>
        fail
          ? { status: 503, body: { error: { message: 'Counts are unavailable', status: 503, code: 'counts_unavailable' } } }
          : { body: { data: [{ vendor_name: 'demographix', display_name: 'Demographix', hierarchies: [] }] } },
      )
      .install();
    const boot = await createTestContainer();
    renderWith(<SegmentPicker isOpen onClose={() => undefined} onSelect={() => undefined} />, { boot });
    const error = await screen.findByTestId('picker-error');
    expect(error.textContent).toContain('Counts are unavailable right now. Try again in a moment.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Demographix')).toBeTruthy();
  });

  it('issue 24 §3: a slow answer to an earlier query never replaces the later one', async () => {
    let answerFirst: (() => void) | null = null;
    new FakeServer()
      .respond('GET /api/v1/segments/products/-/segment_hierarchy', { data: [] })
      .handle('GET /api/v1/segments/search', (_b, _i, url) => {
        const q = url.searchParams.get('q');
        if (q === 'gol') return new Promise((resolve) => (answerFirst = () => resolve({ body: { data: [dto('ig-0016', 'Golf', 10)] } })));
        return { body: { data: [dto('dmx-0002', '25-34', 3400)] } };
      })
      .install();
    const boot = await createTestContainer();
    renderWith(<SegmentPicker isOpen onClose={() => undefined} onSelect={() => undefined} />, { boot });
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: 'gol' } });
    // The first search is out (typing paused) before the second query is typed.
    await waitFor(() => expect(answerFirst).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: '25' } });
    expect(await screen.findByLabelText(/25-34/)).toBeTruthy();
    // The earlier query answers last; everything it would set off runs before the check.
    await act(async () => {
      answerFirst!();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.queryByLabelText(/25-34/)).toBeTruthy();
    expect(screen.queryByText('Golf')).toBeNull();
  });

  it("a query typed fast is one search, sent once typing pauses (each search holds one of the user's count slots)", async () => {
    const asked: string[] = [];
    new FakeServer()
      .respond('GET /api/v1/segments/products/-/segment_hierarchy', { data: [] })
      .handle('GET /api/v1/segments/search', (_b, _i, url) => {
        asked.push(url.searchParams.get('q') ?? '');
        return { body: { data: [dto('ig-0016', 'Golf', 10)] } };
      })
      .install();
    const boot = await createTestContainer();
    renderWith(<SegmentPicker isOpen onClose={() => undefined} onSelect={() => undefined} />, { boot });
    for (const q of ['g', 'go', 'gol', 'golf']) fireEvent.change(screen.getByLabelText('Search segments'), { target: { value: q } });
    expect(await screen.findByLabelText(/Golf/)).toBeTruthy();
    expect(asked).toEqual(['golf']);
  });
});
