import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { overlapEndpoints as E, type ComparisonDto } from '../../common';
import { ComparisonFormStore } from './ComparisonFormStore';
import { OverlapStore } from './OverlapStore';

const chart = (id: number, name: string, over: Partial<ComparisonDto> = {}): ComparisonDto => ({
  id,
  name,
  mode: 'matched',
  default: false,
  is_people_count: false,
  x_axis_name: '',
  y_axis_name: '',
  x_segments: [
    { short_id: 'a', name: 'A', order: 0 },
    { short_id: 'b', name: 'B', order: 1 },
  ],
  y_segments: [
    { short_id: 'c', name: 'C', order: 0 },
    { short_id: 'd', name: 'D', order: 1 },
  ],
  invalid_identifiers: [],
  created_at: 'then',
  updated_at: 'then',
  ...over,
});

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

function setup(list: ComparisonDto[], defaultId = 0, server = new FakeServer()) {
  server.on(E.list, { data: list, default_id: defaultId });
  server.install();
  const toasts: string[] = [];
  const api = new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
  const store = new OverlapStore({
    api,
    toast: { success: (m) => toasts.push(`ok:${m}`), error: (m, t) => toasts.push(`error:${m}:${t ?? ''}`) },
    storage: new MemoryStorage() as unknown as Storage,
  });
  return { store, toasts, server };
}

describe('OverlapStore', () => {
  it('OVL-005 / OVL-006 selects the route id, else the default, else the first by name', async () => {
    const list = [chart(1, 'Zeta'), chart(2, 'Alpha'), chart(3, 'Mid')];
    expect(await setup(list, 3).store.load('p', 1)).toBe(1);
    expect(await setup(list, 3).store.load('p', null)).toBe(3);
    expect(await setup(list, 0).store.load('p', 99)).toBe(2);
  });

  it('OVL-026 / OVL-027 / OVL-028 / OVL-023 focus: cells, lines, names; nothing while expanded; expanding clears the filters', async () => {
    const { store } = setup([chart(1, 'One')]);
    await store.load('p', 1);
    store.toggleCell('a', 'c');
    expect(store.focused).toEqual([{ x: 'a', y: 'c', name: 'A ∩ C' }]);
    store.toggleLine('y', 'c');
    expect(store.focused.map((f) => f.name)).toEqual(['A ∩ C', 'B ∩ C']);
    store.toggleLine('y', 'c');
    expect(store.focused).toEqual([]);
    store.addFilters([{ group: 'Gender', short_id: 'g', name: 'Female' }]);
    store.setExpanded(true);
    expect(store.filters).toEqual([]);
    store.toggleCell('a', 'c');
    expect(store.focused).toEqual([]);
  });

  it('OVL-008 a product change reloads the charts of the new product and drops the filters', async () => {
    const { store, server } = setup([chart(1, 'Media by age')]);
    expect(await store.load('acme/us/fizz-cola/fizz-zero', null)).toBe(1);
    store.addFilters([{ short_id: 'is-0009', name: 'Parents', group: 'Family' }]);
    expect(store.filters).toHaveLength(1);
    server.on(E.list, { data: [chart(9, 'Peak audiences')], default_id: 0 });
    expect(await store.load('acme/us/peak-water/peak-still', null)).toBe(9);
    expect(store.list.map((c) => c.name)).toEqual(['Peak audiences']);
    expect(store.filters).toEqual([]);
    expect(server.callsTo(E.list)).toHaveLength(2);
  });

  it('OVL-010 the hint stays dismissed (local storage)', async () => {
    const { store } = setup([chart(1, 'One')]);
    expect(store.hintDismissed).toBe(false);
    store.dismissHint();
    expect(store.hintDismissed).toBe(true);
  });

  it('OVL-049 a save selects the chart and follows the default; OVL-050 a failure toasts for 6000 ms', async () => {
    const server = new FakeServer();
    server.on(E.create, () => ({ status: 201, body: { data: chart(7, 'New', { default: true }), default_id: 7 } }));
    const { store, toasts } = setup([chart(1, 'One', { default: true })], 1, server);
    await store.load('p', null);
    const form = new ComparisonFormStore(null, null, store.list, true);
    form.set('name', 'New');
    const r = await store.save(null, form.values);
    expect(r && 'saved' in r && r.saved.id).toBe(7);
    expect(store.selectedId).toBe(7);
    expect(store.defaultId).toBe(7);
    expect(store.list.map((c) => [c.name, c.default])).toEqual([
      ['New', true],
      ['One', false],
    ]);
    server.on(E.update, () => ({ status: 500, body: { error: { message: 'boom' } } }));
    expect(await store.save(7, form.values)).toBeNull();
    expect(toasts).toEqual(['error:Something went wrong saving this comparison. Please try again in a few minutes:6000']);
  });

  it('OVL-051 delete toasts and selects the next chart; OVL-052 no copy while invalid', async () => {
    const server = new FakeServer();
    server.on(E.remove, { data: { message: 'Chart deleted successfully!' } });
    const { store, toasts } = setup([chart(1, 'One'), chart(2, 'Two', { invalid_identifiers: ['c'] })], 0, server);
    await store.load('p', 2);
    expect(store.invalid).toBe(true);
    expect(await store.duplicate()).toBeNull();
    expect(await store.remove()).toBe(1);
    expect(toasts).toEqual(['ok:Chart deleted successfully!']);
    expect(store.selectedId).toBe(1);
  });

  it('OVL-042 / OVL-043 / OVL-048 the form: counter, dismissable, Save disabled while a rule fails', () => {
    const others = [chart(1, 'Taken')];
    const form = new ComparisonFormStore(null, null, others, false);
    expect(form.dismissable).toBe(false);
    expect(form.canSave).toBe(false);
    form.set('name', ' taken ');
    form.addSegments('x', [{ identifier: 'a', name: 'A', matched: 10, modeled: 20 }]);
    form.addSegments('y', [{ identifier: 'b', name: 'B', matched: 5, modeled: 6 }]);
    expect(form.errors).toEqual({ name: 'Chart Title must be unique.' });
    form.set('name', 'Fresh');
    expect(form.canSave).toBe(true);
    form.addSegments(
      'x',
      Array.from({ length: 12 }, (_, i) => ({ identifier: `x${i}`, name: `X${i}`, matched: 1, modeled: 1 })),
    );
    expect(form.counter('x')).toEqual({ n: 13, max: 12, over: true });
    expect(form.canSave).toBe(false);
  });

  it('OVL-056 the editor opened to fix a chart starts without its invalid segments', () => {
    const c = chart(3, 'Broken', { invalid_identifiers: ['c', 'd'] });
    const form = new ComparisonFormStore(3, c, [c], false, true);
    expect(form.y).toEqual([]);
    expect(form.errors).toEqual({ y_segments: 'Must select at least one segment for Y-Axis.' });
    // The emptied axis must be fixed: its error shows at once.
    expect(form.shownErrors).toEqual({ y_segments: 'Must select at least one segment for Y-Axis.' });
  });

  it('OVL-044 / OVL-045 / OVL-047 (issue 27 §6) a rule shows its error only once its field is touched; the server refusal at once', () => {
    const form = new ComparisonFormStore(null, null, [chart(1, 'Taken')], true);
    // A new form fails every rule but shows none of them: Save is disabled (OVL-048).
    expect(Object.keys(form.errors).sort()).toEqual(['name', 'x_segments', 'y_segments']);
    expect(form.shownErrors).toEqual({});
    expect(form.canSave).toBe(false);
    // Leaving the title empty shows its error; the axes stay quiet.
    form.touch('name');
    expect(form.shownErrors).toEqual({ name: 'Chart Title is required.' });
    form.set('name', 'taken');
    expect(form.shownErrors).toEqual({ name: 'Chart Title must be unique.' });
    // An axis changed (entries added then removed) shows its rule, and its entries' names.
    form.addSegments('x', [{ identifier: 'a', name: 'A', matched: 1, modeled: 1 }]);
    form.removeEntry('x', 0);
    expect(form.shownErrors.x_segments).toBe('Must select at least one segment for X-Axis.');
    form.addSegments('x', [{ identifier: 'a', name: 'A', matched: 1, modeled: 1 }]);
    form.rename('x', 0, ' ');
    expect(form.shownErrors['x_segments.0.name']).toBe('Name is required.');
    expect(form.shownErrors.y_segments).toBeUndefined();
    // Copy X to Y touches Y.
    form.copyXToY();
    expect('y_segments' in form.errors).toBe(false);
    // The server's refusal shows on an untouched field too.
    const other = new ComparisonFormStore(null, null, [], true);
    other.setServerErrors({ 'comparison.x_axis_name': 'Too long.' });
    expect(other.shownErrors).toEqual({ x_axis_name: 'Too long.' });
  });
});

describe('OverlapStore requests (issue 24 §3)', () => {
  it('a slow list of the product before never overwrites the current product’s list', async () => {
    const { store, server } = setup([]);
    let releaseSlow: () => void = () => undefined;
    let calls = 0;
    server.on(E.list, () => {
      calls++;
      if (calls === 1)
        return new Promise((resolve) => {
          releaseSlow = () => resolve({ body: { data: [chart(1, 'Old product chart')], default_id: 0 } });
        });
      return { body: { data: [chart(2, 'Current product chart')], default_id: 0 } };
    });
    const first = store.load('acme/us/fizz-cola/fizz-zero', null);
    expect(await store.load('globex/us/home/kitchen', null)).toBe(2);
    releaseSlow();
    expect(await first).toBeNull();
    expect(store.list.map((c) => c.name)).toEqual(['Current product chart']);
    expect(store.selectedId).toBe(2);
  });

  it('a failed list ends in the error state, not a spinner; retry loads it', async () => {
    const { store, server } = setup([]);
    let fail = true;
    server.on(E.list, () =>
      fail ? { status: 500, body: { error: { message: 'down', status: 500, code: 'internal' } } } : { body: { data: [chart(3, 'Back')], default_id: 0 } },
    );
    expect(await store.load('acme/us/fizz-cola/fizz-zero', null)).toBeNull();
    expect(store.loaded).toBe(false);
    expect(store.listError).not.toBeNull();
    fail = false;
    expect(await store.load('acme/us/fizz-cola/fizz-zero', null)).toBe(3);
    expect(store.listError).toBeNull();
  });

  it('counts of a chart left behind never land over the counts of the chart shown', async () => {
    const { store, server } = setup([chart(1, 'One'), chart(2, 'Two')]);
    const answers: Record<string, () => void> = {};
    server.on(E.chartCounts, ({ params }) =>
      params.id === '1'
        ? new Promise((resolve) => {
            answers.slow = () => resolve({ body: { cells: [], population: 1, segment_counts: { a: 111 }, global_counts: {}, min_base: 100 } });
          })
        : { body: { cells: [], population: 1, segment_counts: { a: 222 }, global_counts: {}, min_base: 100 } },
    );
    await store.load('acme/us/fizz-cola/fizz-zero', 1);
    const slow = store.loadCounts();
    store.select(2);
    await store.loadCounts();
    answers.slow();
    await slow;
    expect(store.counts?.segment_counts.a).toBe(222);
  });
});
