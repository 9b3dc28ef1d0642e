import { ApiClient } from '@discovery/platform';
import { FakeServer } from '@discovery/test-utils';
import { JOURNEY_MESSAGES, journeyEndpoints as E, JourneyInput, type JourneyDto } from '../../common';
import en from '../locales/en.json';
import { JourneyBuilderStore } from './JourneyBuilderStore';

const saved: JourneyDto = {
  id: 5,
  name: 'Path to purchase',
  default: true,
  has_transition_data: false,
  brands: [
    { id: 11, name: 'Fizz', order: 1 },
    { id: 10, name: 'Pop', order: 0 },
  ],
  stages: [
    { id: 21, name: 'Consider', priority: 1, icon: 'heart' },
    { id: 20, name: 'Aware', priority: 0, icon: 'eye' },
  ],
  sub_markets: [
    { id: 31, journey_brand_id: 11, journey_stage_id: 20, population: 400, matched_id: 'is-0001', modeled_id: null, discussion_cluster_node_id: 3 },
  ],
  invalid_identifiers: [],
  updated_at: 'then',
};

const names = (b: JourneyBuilderStore, kind: 'brands' | 'stages') => b.draft[kind].map((x) => x.name);

function api() {
  return new ApiClient({ context: () => 'acme/us/fizz-cola/fizz-zero', showBanner: () => undefined, refreshLogin: () => undefined });
}

describe('JourneyBuilderStore', () => {
  it('JRN-032 a new journey: empty name, transition data on, one brand named from the product, one stage, one cell', () => {
    const b = JourneyBuilderStore.newJourney('Fizz Zero');
    expect(b.draft.name).toBe('');
    expect(b.draft.has_transition_data).toBe(true);
    expect(b.draft.default).toBe(false);
    expect(names(b, 'brands')).toEqual(['Fizz Zero']);
    expect(names(b, 'stages')).toEqual(['New Stage 1']);
    expect(b.draft.cells).toHaveLength(1);
    expect(b.dirty).toBe(false);
  });

  it('JRN-039 / JRN-041 / JRN-042 add brand appends with a cell per stage; add stage before / after with a cell per brand; temporary ids and default names', () => {
    const b = JourneyBuilderStore.newJourney('Fizz Zero');
    const first = b.draft.stages[0].key;
    const s2 = b.addStage(first, 'after')!;
    const s0 = b.addStage(first, 'before')!;
    expect(names(b, 'stages')).toEqual(['New Stage 3', 'New Stage 1', 'New Stage 2']);
    expect(s2.name).toBe('New Stage 2');
    expect(s0.name).toBe('New Stage 3');
    const nb = b.addBrand()!;
    expect(nb.name).toBe('New Brand 1');
    // Every unsaved item has its own temporary id (A-01: unused negatives), and every brand × stage a cell.
    expect(new Set(b.draft.stages.map((s) => s.new_id)).size).toBe(3);
    expect(b.draft.brands.map((x) => x.new_id)).toEqual([-1, -2]);
    expect(b.draft.cells).toHaveLength(6);
    // The lowest N that gives an unused name: renaming frees 'New Stage 1'.
    b.renameStage(first, 'Awareness');
    expect(b.addStage(first, 'after')!.name).toBe('New Stage 1');
    expect(b.dirty).toBe(true);
  });

  it('JRN-035 / JRN-036 / JRN-037 / JRN-038 control visibility: moves at the ends, delete of the only one, 10 stages, 4 brands', () => {
    const b = JourneyBuilderStore.newJourney('P');
    const [s] = b.draft.stages;
    expect(b.canDeleteStage).toBe(false);
    expect(b.canDeleteBrand).toBe(false);
    expect(b.canMoveStage(s.key, -1)).toBe(false);
    expect(b.canMoveStage(s.key, 1)).toBe(false);
    for (let i = 0; i < 9; i++) b.addStage(b.draft.stages[b.draft.stages.length - 1].key, 'after');
    expect(b.draft.stages).toHaveLength(10);
    expect(b.canAddStage).toBe(false);
    expect(b.addStage(s.key, 'after')).toBeNull();
    expect(b.canMoveStage(s.key, 1)).toBe(true);
    for (let i = 0; i < 3; i++) b.addBrand();
    expect(b.canAddBrand).toBe(false);
    expect(b.addBrand()).toBeNull();
    const brands = b.draft.brands;
    expect(b.canMoveBrand(brands[0].key, -1)).toBe(false);
    expect(b.canMoveBrand(brands[3].key, 1)).toBe(false);
    expect(b.canMoveBrand(brands[3].key, -1)).toBe(true);
    expect(b.draft.cells).toHaveLength(40);
  });

  it('JRN-033 / JRN-034 / JRN-040 moves reorder; deleting a brand or stage removes its cells', () => {
    const b = JourneyBuilderStore.fromJourney(saved);
    expect(names(b, 'brands')).toEqual(['Pop', 'Fizz']);
    expect(names(b, 'stages')).toEqual(['Aware', 'Consider']);
    const [aware, consider] = b.draft.stages;
    b.moveStage(aware.key, 1);
    expect(names(b, 'stages')).toEqual(['Consider', 'Aware']);
    b.moveBrand(b.draft.brands[1].key, -1);
    expect(names(b, 'brands')).toEqual(['Fizz', 'Pop']);
    b.openCell(b.draft.brands[0].key, consider.key);
    b.deleteStage(consider.key);
    expect(b.editing).toBeNull();
    expect(b.draft.cells.map((c) => c.stageKey)).toEqual([aware.key, aware.key]);
    b.deleteBrand(b.draft.brands[1].key);
    expect(b.draft.cells).toHaveLength(1);
    // The mapped cell survived with its values.
    expect(b.draft.cells[0]).toMatchObject({ id: 31, population: 400, matched_id: 'is-0001', discussion_cluster_node_id: 3 });
  });

  it('JRN-044 / JRN-051 / JRN-055 the save body: order and priority 0..n as displayed, cells by id or new_id, audiences cleared to null; the shared schema accepts it', () => {
    const b = JourneyBuilderStore.fromJourney(saved);
    const [aware] = b.draft.stages;
    b.moveStage(aware.key, 1);
    const added = b.addStage(aware.key, 'after')!;
    b.setIcon(added.key, 'circle-3');
    b.updateCell(b.draft.brands[1].key, aware.key, { matched_id: null, population: 12 });
    const input = b.toInput();
    expect(input.stages).toEqual([
      { id: 21, name: 'Consider', icon: 'heart', priority: 0 },
      { id: 20, name: 'Aware', icon: 'eye', priority: 1 },
      { new_id: -1, name: 'New Stage 1', icon: 'circle-3', priority: 2 },
    ]);
    expect(input.brands).toEqual([
      { id: 10, name: 'Pop', order: 0 },
      { id: 11, name: 'Fizz', order: 1 },
    ]);
    expect(input.sub_markets).toContainEqual({
      id: 31,
      journey_brand_id: 11,
      journey_stage_id: 20,
      population: 12,
      matched_id: null,
      modeled_id: null,
      discussion_cluster_node_id: 3,
    });
    expect(input.sub_markets).toContainEqual(expect.objectContaining({ journey_brand_id: 10, new_journey_stage_id: -1 }));
    expect(JourneyInput.safeParse(input).success).toBe(true);
  });

  it('JRN-045..048 Save is disabled while invalid; the messages show once a field lost focus', () => {
    const b = JourneyBuilderStore.newJourney('Fizz');
    b.setOthers([{ id: 9, name: 'Taken' }]);
    expect(b.canSave).toBe(false);
    expect(b.nameError).toBeNull();
    b.touch('name');
    expect(b.nameError).toBe('nameRequired');
    b.setName(' taken ');
    expect(b.nameError).toBe('nameInUse');
    b.setName('Fresh');
    expect(b.canSave).toBe(true);
    const s1 = b.draft.stages[0];
    const s2 = b.addStage(s1.key, 'after')!;
    b.renameStage(s2.key, ' new stage 1 ');
    expect(b.itemError('stage', s2.key)).toBeNull();
    b.touch(s2.key);
    expect(b.itemError('stage', s2.key)).toBe('stageNameUnique');
    b.renameStage(s2.key, '  ');
    expect(b.itemError('stage', s2.key)).toBe('stageNameRequired');
    expect(b.canSave).toBe(false);
    b.renameStage(s2.key, 'Consider');
    const br = b.addBrand()!;
    b.renameBrand(br.key, '');
    b.touch(br.key);
    expect(b.itemError('brand', br.key)).toBe('brandNameRequired');
    b.renameBrand(br.key, 'FIZZ');
    expect(b.itemError('brand', br.key)).toBe('brandNameUnique');
    expect(b.canSave).toBe(false);
  });

  it("JRN-057 / JRN-059 save answers the journey's id with 'Changes saved!'; a failure shows the spec's message for 5 s", async () => {
    const server = new FakeServer();
    let body: unknown = null;
    server.on(E.update, (req) => {
      body = req.body;
      return { body: { journey: { id: 5 } } };
    });
    server.install();
    const toasts: string[] = [];
    const toast = { show: (i: string, m: string, o: { timeout: number }) => toasts.push(`${i}:${m}:${o.timeout}`) };
    const b = JourneyBuilderStore.fromJourney(saved);
    b.setDefault(false);
    expect(await b.save(api(), toast, (key) => JOURNEY_MESSAGES[key])).toBe(5);
    // JRN-058: the default flag travels with the save (the server sets or clears the product's default).
    expect((body as { journey: { default: boolean } }).journey.default).toBe(false);
    server.on(E.update, () => ({ status: 500, body: { error: { message: 'boom' } } }));
    expect(await b.save(api(), toast, (key) => JOURNEY_MESSAGES[key])).toBeNull();
    expect(toasts).toEqual(['success:Changes saved!:5000', `error:${JOURNEY_MESSAGES.saveFailed}:5000`]);
  });

  it('every message of the shared rules has its English text in locales/en.json', () => {
    const toI18n = (s: string) => s;
    expect(en.messages).toEqual(Object.fromEntries(Object.entries(JOURNEY_MESSAGES).map(([k, v]) => [k, toI18n(v)])));
  });
});
