import { ApiClientToken, HierarchyStoreToken, type HierarchyStore, type SessionStore } from '@discovery/platform';
import { createTestContainer, FakeServer, fixtures } from '@discovery/test-utils';
import { badgeText } from '@discovery/ui';
import { observable, runInAction } from 'mobx';
import { FIRST_POLL_MS, reportHistoryFileName, reportHistoryRows, type NotificationDto } from '../common';
import { NotificationsStore } from './NotificationsStore';

const task = (id: number, status: string, downloaded_at: string | null = null, extra: Record<string, unknown> = {}) =>
  ({
    id,
    report_type: 'index_report',
    request_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    product_slug: 'acme/us/fizz-cola/fizz-zero',
    name: `Report ${id}`,
    ui_name: null,
    status,
    error: null,
    downloaded_at,
    created_at: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00.000Z`,
    ...extra,
  }) as NotificationDto;
const outcome = (id: number, read_at: string | null = null) =>
  ({
    id,
    report_type: 'outcome_completed',
    product_slug: 'acme/us/fizz-cola/fizz-zero',
    name: `Outcome ${id}`,
    read_at,
    created_at: '2026-11-20T10:00:00.000Z',
  }) as NotificationDto;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (ok: () => boolean, ms = 1000) => {
  for (const end = Date.now() + ms; !ok();) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(5);
  }
};

async function setup(data: NotificationDto[], delays = { first: 20, every: 40 }) {
  const server = new FakeServer().handle('GET /api/v1/notifications', () => ({ body: { data } }));
  server.install();
  const boot = await createTestContainer();
  const session = observable({ me: { id: 1 } as { id: number } | null, can: (r: string) => r === 'report_task_admin' });
  const hierarchy = observable({ fullSlug: 'acme/us/fizz-cola/fizz-zero' });
  const store = new NotificationsStore(
    boot.container.get(ApiClientToken.symbol),
    session as unknown as SessionStore,
    hierarchy as unknown as HierarchyStore,
    delays,
  );
  return { store, server, session, hierarchy, polls: () => server.calls.filter((c) => c.url === '/api/v1/notifications').length };
}

describe('notification center rules', () => {
  it('SHELL-082 SHELL-089 prefixes tasks in progress and failed ones, and disables their download', async () => {
    const { store } = await setup([]);
    runInAction(() => (store.raw = [task(1, 'received'), task(2, 'processing', null, { ui_name: 'Nice name' }), task(3, 'failed'), task(4, 'completed')]));
    expect(store.items.map((i) => [i.text, i.action, i.actionDisabled])).toEqual([
      ['IN-PROGRESS: Report 1', 'download', true],
      ['IN-PROGRESS: Nice name', 'download', true],
      ['FAILED: Report 3', 'download', true],
      ['Report 4', 'download', false],
    ]);
  });

  it('SHELL-085 SHELL-086 counts completed reports not downloaded and outcomes not read; in-progress and failed do not count', async () => {
    const { store } = await setup([]);
    runInAction(
      () =>
        (store.raw = [
          task(1, 'received'),
          task(2, 'failed'),
          task(3, 'completed'),
          task(4, 'completed', '2026-11-20T00:00:00Z'),
          outcome(5),
          outcome(6, '2026-11-21T00:00:00Z'),
        ]),
    );
    expect(store.count).toBe(2);
    expect(store.items.filter((i) => i.highlighted).map((i) => i.key)).toEqual(['index_report:3', 'outcome_completed:5']);
  });

  it("SHELL-087 the badge shows up to 9, then '9+', and nothing at 0", async () => {
    const { store } = await setup([]);
    runInAction(() => (store.raw = Array.from({ length: 9 }, (_, i) => outcome(i + 1))));
    expect(badgeText(store.count)).toBe('9');
    runInAction(() => store.raw.push(outcome(10)));
    expect(badgeText(store.count)).toBe('9+');
    runInAction(() => (store.raw = []));
    expect(badgeText(store.count)).toBeNull();
  });

  it('SHELL-080 maps past downloads to Date, Time, Email, Hierarchy, Asset Name, Asset Type', () => {
    const created = new Date(2026, 10, 3, 7, 5, 9).toISOString();
    expect(
      reportHistoryRows([
        { created_at: created, created_by: 'a@b.c', product_slug: 'acme/us/x/y', ui_name: null, name: 'Plain', resource_type: 'index_report' },
      ]),
    ).toEqual([['2026-11-03', '07:05:09', 'a@b.c', 'acme/us/x/y', 'Plain', 'index_report']]);
    expect(reportHistoryFileName(new Date(2026, 0, 2))).toBe('Report_History_2026-01-02.xlsx');
  });
});

describe('SHELL-088 polling', () => {
  it('polls once a user and a context exist (after `first`, here 20 ms), then on the interval; stops on logout', async () => {
    // A fake clock (issue 26): the test moves time itself, so a busy machine cannot make a poll late.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const { store, polls, session } = await setup([outcome(1)]);
      const stop = store.start();
      expect(polls()).toBe(0);
      await jest.advanceTimersByTimeAsync(19);
      expect(polls()).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(polls()).toBe(1);
      expect(store.count).toBe(1);
      await jest.advanceTimersByTimeAsync(39);
      expect(polls()).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(polls()).toBe(2);
      runInAction(() => (session.me = null));
      expect(store.raw).toEqual([]);
      const after = polls();
      await jest.advanceTimersByTimeAsync(1000);
      expect(polls()).toBe(after);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('issue 14 §10: the badge is fetched at once after load, not 5 s later', async () => {
    expect(FIRST_POLL_MS).toBe(0);
    const { store, polls } = await setup([outcome(1), outcome(2)], { first: FIRST_POLL_MS, every: 60_000 });
    const stop = store.start();
    // FIRST_POLL_MS is 0: the first poll is the next thing the store does, whatever the machine's load.
    await waitFor(() => store.count === 2, 10_000);
    expect(polls()).toBe(1);
    expect(badgeText(store.count)).toBe('2');
    stop();
  });

  it("issue 14 §10: a context change drops the previous client's count at once and fetches the new context's; a late answer for the old context is ignored", async () => {
    const byContext: Record<string, NotificationDto[]> = {
      'acme/us/fizz-cola/fizz-zero': [outcome(1), outcome(2), outcome(3)],
      'globex/de/globex-home/home-essentials': [outcome(4)],
    };
    const server = new FakeServer().handle('GET /api/v1/notifications', async (_b, init) => {
      const ctx = (init.headers as Record<string, string>)['X-Context'];
      // The first client's answer comes late, after the user has moved on.
      if (ctx.startsWith('acme') && slowAcme) await acmeGate;
      return { body: { data: byContext[ctx] ?? [] } };
    });
    server.respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() });
    let slowAcme = false;
    let releaseAcme = () => undefined as void;
    const acmeGate = new Promise<void>((r) => (releaseAcme = r));
    server.install();
    const boot = await createTestContainer();
    const hierarchyStore = boot.container.get<HierarchyStore>(HierarchyStoreToken.symbol);
    await hierarchyStore.load();
    const session = observable({ me: { id: 1 } as { id: number } | null, can: () => false });
    runInAction(() => hierarchyStore.select({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' }));
    const store = new NotificationsStore(boot.container.get(ApiClientToken.symbol), session as unknown as SessionStore, hierarchyStore, {
      first: 0,
      every: 60_000,
    });
    const stop = store.start();
    await waitFor(() => store.count === 3, 10_000);
    slowAcme = true;
    const late = store.refresh(); // an acme poll still out when the context changes
    runInAction(() => hierarchyStore.select({ client: 'globex', region: 'de', brand: 'globex-home', product: 'home-essentials' }));
    expect(store.count).toBe(0);
    await waitFor(() => store.count === 1, 10_000);
    releaseAcme(); // the old context's answer arrives only now, after the new one's
    await late;
    expect(store.count).toBe(1);
    stop();
  });

  it('does not poll without a context', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const { store, polls, hierarchy } = await setup([outcome(1)]);
      runInAction(() => (hierarchy.fullSlug = ''));
      const stop = store.start();
      await jest.advanceTimersByTimeAsync(1000);
      expect(polls()).toBe(0);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('issue 24 §3: a failed poll keeps the rows it had and shows the error; the next answer clears it', async () => {
    let fail = false;
    const server = new FakeServer().handle('GET /api/v1/notifications', () =>
      fail ? { status: 500, body: { error: { message: 'Internal server error', status: 500, code: 'internal' } } } : { body: { data: [outcome(1)] } },
    );
    server.install();
    const boot = await createTestContainer();
    const session = observable({ me: { id: 1 }, can: () => false });
    const hierarchy = observable({ fullSlug: 'acme/us/fizz-cola/fizz-zero' });
    const store = new NotificationsStore(
      boot.container.get(ApiClientToken.symbol),
      session as unknown as SessionStore,
      hierarchy as unknown as HierarchyStore,
      {
        first: 60_000,
        every: 60_000,
      },
    );
    const stop = store.start();
    await store.refresh();
    fail = true;
    await store.refresh();
    expect([store.count, (store.error as { code?: string } | null)?.code]).toEqual([1, 'internal']);
    fail = false;
    await store.refresh();
    expect([store.count, store.error]).toEqual([1, null]);
    stop();
  });
});
