import { endpointUrl, type EndpointSpec } from '@discovery/plugin-api';
import { ApiError, ToastStore, type ApiClient } from '@discovery/platform';
import { IMPORT_POLL_MS, type PlanImportDto } from '../../common';
import { importErrorText, ScenarioPlannerStore } from './ScenarioPlannerStore';
import en from '../locales/en.json';

const t = (key: string, o?: Record<string, unknown>) =>
  key === 'messages.networkError' ? 'Network Error. Try Again Later' : `${key}${o ? JSON.stringify(o) : ''}`;
const rec = (id: number, import_success: boolean | null): PlanImportDto => ({
  id,
  scenario_planner_id: `SP-${id}`,
  import_success,
  message: null,
  created_at: '2026-11-26T04:00:00Z',
});

function fakeApi(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  const api = {
    call: async (e: EndpointSpec, input?: { params?: Record<string, unknown> }) => {
      const url = `${e.method} ${endpointUrl(e, input?.params)}`;
      calls.push(url);
      const a = answers[url];
      if (!a) return { data: [] };
      return a();
    },
  } as unknown as ApiClient;
  return { api, calls };
}

describe('ScenarioPlannerStore', () => {
  afterEach(() => jest.useRealTimers());

  it('SCN-009 (issue 27 §6) re-polls status_import every 2 s while an import is submitted, and stops when none is', async () => {
    jest.useFakeTimers();
    let list = [rec(1, null), rec(2, true)];
    const { api, calls } = fakeApi({ 'GET /api/v1/scenario-planner/status_import': () => ({ data: list }) });
    const store = new ScenarioPlannerStore(api, new ToastStore(), t);
    await store.load(5);
    const polls = () => calls.filter((c) => c.endsWith('/status_import')).length;
    expect(IMPORT_POLL_MS).toBeLessThanOrEqual(2_000);
    expect(polls()).toBe(1);
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS - 100);
    expect(polls()).toBe(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(polls()).toBe(2);
    // The job finishes: the next read, at most 2 s later, shows it.
    list = [rec(1, true), rec(2, true)];
    await jest.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    expect(polls()).toBe(3);
    expect(store.imports.every((i) => i.import_success)).toBe(true);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(polls()).toBe(3);
    store.dispose();
  });

  it('SCN-004 SCN-005 (issue 27 §6) after a successful import the field is empty with no "Please enter a Project ID"; a second submit on its way sends nothing', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const { api, calls } = fakeApi({
      'POST /api/v1/scenario-planner/import_scenario': () => new Promise((r) => (answer = r)),
    });
    const store = new ScenarioPlannerStore(api, new ToastStore(), t);
    store.setProjectId('SP-1002');
    const first = store.submitImport();
    const second = store.submitImport();
    answer({ data: rec(9, null) });
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(calls.filter((c) => c.endsWith('/import_scenario'))).toHaveLength(1);
    expect([store.projectId, store.projectIdError]).toEqual(['', null]);
    store.dispose();
  });

  it('SCN-009 the poll stops when the page goes', async () => {
    jest.useFakeTimers();
    const { api, calls } = fakeApi({ 'GET /api/v1/scenario-planner/status_import': () => ({ data: [rec(1, null)] }) });
    const store = new ScenarioPlannerStore(api, new ToastStore(), t);
    await store.load(5);
    store.dispose();
    await jest.advanceTimersByTimeAsync(90_000);
    expect(calls.filter((c) => c.endsWith('/status_import'))).toHaveLength(1);
  });

  it('SCN-011 an error with a status shows its message; without one "Network Error. Try Again Later"', () => {
    expect(importErrorText(new ApiError(0, 'Failed to fetch'), t)).toBe('Network Error. Try Again Later');
    expect(importErrorText(new TypeError('x'), t)).toBe('Network Error. Try Again Later');
    expect(importErrorText(new ApiError(422, 'Please enter a Project ID'), t)).toBe(
      'imports.failedWithStatus{"status":422,"message":"Please enter a Project ID"}',
    );
  });

  it('SCN-011 a message inside a successful answer is shown; SCN-004 an empty Project ID is not sent', async () => {
    const toasts = new ToastStore();
    const { api, calls } = fakeApi({
      'POST /api/v1/scenario-planner/import_scenario': () => ({ data: { ...rec(9, null), message: 'Queued behind 2 imports' } }),
    });
    const store = new ScenarioPlannerStore(api, toasts, t);
    store.setProjectId('  ');
    expect(store.canImport).toBe(false);
    expect(await store.submitImport()).toBe(false);
    expect(store.projectIdError).toEqual({ key: 'projectIdRequired' });
    expect(en.messages.projectIdRequired).toBe('Please enter a Project ID');
    expect(calls).toEqual([]);
    store.setProjectId('SP-9');
    expect(await store.submitImport()).toBe(true);
    expect(toasts.toasts.map((x) => x.message)).toContain('Queued behind 2 imports');
    expect(store.imports.map((i) => i.id)).toEqual([9]);
    store.dispose();
  });

  it('SCN-020 a failed delete of a saved curve puts "Something went wrong" on the list', async () => {
    const { api } = fakeApi({
      'DELETE /api/v1/scenario-planner/products/5/curves/7': () => {
        throw new ApiError(500, 'boom');
      },
    });
    const store = new ScenarioPlannerStore(api, new ToastStore(), (k) => (k === 'messages.curveDeleteFailed' ? 'Something went wrong' : k));
    store.productId = 5;
    store.rows = [
      {
        key: 'saved-7',
        id: 7,
        media_type: 'TV',
        curve_type_name: 'S-Curve',
        params: { Base: '0', Slope: '1', Acceleration: '1', Asymptote: '1', Asymmetry: '1', CppOrCpm: 1, CPP: '' },
        serverErrors: [],
      },
    ];
    expect(await store.removeRow(store.rows[0])).toBe(false);
    expect(store.listError).toBe('Something went wrong');
    expect(store.rows).toHaveLength(1);
  });

  it('SCN-020 curve snackbars last 3000 ms', async () => {
    const toasts = new ToastStore();
    const { api } = fakeApi({ 'DELETE /api/v1/scenario-planner/products/5/curves/7': () => ({ data: { id: 7 } }) });
    const store = new ScenarioPlannerStore(api, toasts, (k) => (k === 'messages.curveDeleted' ? 'Curve deleted' : k));
    store.productId = 5;
    store.rows = [
      {
        key: 'saved-7',
        id: 7,
        media_type: 'TV',
        curve_type_name: 'S-Curve',
        params: { Base: '0', Slope: '1', Acceleration: '1', Asymptote: '1', Asymmetry: '1', CppOrCpm: 1, CPP: '' },
        serverErrors: [],
      },
    ];
    expect(await store.removeRow(store.rows[0])).toBe(true);
    expect(toasts.toasts.map((x) => [x.message, x.timeout])).toEqual([['Curve deleted', 3000]]);
    toasts.toasts.forEach((x) => toasts.dismiss(x.id));
  });
});
