import { FakeServer, fixtures, renderInShell } from '@discovery/test-utils';
import audiences from '@discovery/plugin-audiences';
import notifications from '@discovery/plugin-notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Issue 14 §10: an index report is requested from the audience detail page and arrives in the
 * notification center, with the real audiences and notifications plugins.
 */
const P = '/acme/us/fizz-cola/fizz-zero';
const all = { create: true, read: true, update: true, destroy: true };
const rules = { include: { and: [{ or: ['dmx-0002'] }] }, exclude: { and: [] } };
const alpha = {
  id: 1,
  type: 'audience',
  name: 'Alpha',
  description: '',
  rules,
  audience_type: 'custom',
  source_identifier: null,
  referer: null,
  count: { people: { global: 500, region: 50 }, matched: 50, modeled: 100 },
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  created_by: 'Pat Planner',
};

function server(permissions: Record<string, unknown>) {
  const tasks: unknown[] = [];
  const s = new FakeServer()
    .respond('GET /api/v1/config', { data: { tier: 1, help_urls: {} } })
    .respond('GET /api/v1/hierarchy', { data: fixtures.hierarchy() })
    .respond('GET /api/v1/languages', { data: [{ value: 'en', text: 'English' }] })
    .respond('GET /api/v1/me', { data: fixtures.me({ permissions }) })
    .respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: ['audiences_overview'] })
    .respond('GET /api/v1/audiences/1', { data: alpha })
    .respond('GET /api/v1/audiences/1/profile', { data: { audience: 50, population: 1000, rows: [] } })
    .respond('POST /api/v1/segments/by_identifiers', { data: [] })
    .handle('GET /api/v1/notifications', () => ({ body: { data: tasks } }))
    .handle('POST /api/v1/notifications/index_reports', (body) => {
      const r = (body as { index_report: { name: string; ui_name?: string } }).index_report;
      const task = {
        id: 7,
        report_type: 'index_report',
        request_id: '00000000-0000-4000-8000-000000000007',
        product_slug: P.slice(1),
        name: r.name,
        ui_name: r.ui_name ?? null,
        status: 'received',
        error: null,
        downloaded_at: null,
        created_at: new Date().toISOString(),
        job_id: 3,
      };
      tasks.unshift(task);
      return { status: 201, body: { data: task } };
    });
  s.install();
  return s;
}

describe('index report from the audience detail (issue 14 §10)', () => {
  beforeEach(() => localStorage.clear());

  it("'Request Index Report' queues the audience's rules, says where the report will arrive, and the notification center lists it in progress", async () => {
    const s = server({ audiences: all, index_report: { create: true, read: true } });
    await renderInShell([audiences, notifications], `${P}/audiences/overview/audience/1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Request Index Report' }));
    expect(await screen.findByText("Index report 'Alpha index report' requested. It will be in Notifications when it is ready.")).toBeTruthy();
    const posted = s.calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/notifications/index_reports');
    expect(posted).toHaveLength(1);
    expect(posted[0].headers['x-context']).toBe(P.slice(1));
    expect(posted[0].body).toMatchObject({ index_report: { name: 'Alpha', ui_name: 'Alpha index report', rules } });
    fireEvent.click(screen.getByTestId('nav-item-notifications'));
    const panel = await screen.findByTestId('notifications-panel');
    await waitFor(() => expect(within(panel).getByText('IN-PROGRESS: Alpha index report')).toBeTruthy());
  });

  it('a user without index_report.create is not offered the request', async () => {
    server({ audiences: { read: true }, index_report: { read: true } });
    await renderInShell([audiences, notifications], `${P}/audiences/overview/audience/1`);
    expect((await screen.findByTestId('detail-name')).textContent).toBe('Alpha');
    expect(screen.queryByRole('button', { name: 'Request Index Report' })).toBeNull();
  });
});
