import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { HierarchyStoreToken, SessionStoreToken, type HierarchyStore, type SessionStore } from '@discovery/platform';
import { audienceDetailRoute } from '../../common/audiences';
import type { ShellModalsStore } from '../ShellModalsStore';
import { ShellModalsToken } from '../tokens';
import { createTestContainer, FakeServer, renderWith } from '@discovery/test-utils';
import { act, screen } from '@testing-library/react';
import { AudienceDetailsModal, ZeroCountModal } from './ShellModals';

describe('shell modals', () => {
  beforeEach(() => new FakeServer().respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: [] }).install());

  /** The audiences plugin's detail route as the build has it (the kit names no plugin). */
  const audiencesRoutes = definePlugin({
    id: 'audiences',
    titleKey: 'audiences',
    routes: [{ ref: audienceDetailRoute, requires: hasPermission('audiences', 'read'), load: async () => ({ default: () => null }) }],
  });
  async function openDetails(permissions: Record<string, Partial<Record<'create' | 'read' | 'update' | 'destroy', boolean>>>) {
    new FakeServer().signedIn({ permissions }).respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: [] }).install();
    const boot = await createTestContainer([audiencesRoutes]);
    await boot.container.get<SessionStore>(SessionStoreToken.symbol).init();
    const modals = boot.container.get<ShellModalsStore>(ShellModalsToken.symbol);
    boot.container.get<HierarchyStore>(HierarchyStoreToken.symbol).select({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' });
    renderWith(<AudienceDetailsModal />, { boot });
    act(() =>
      modals.openAudienceDetails({ id: 42, name: 'Cola lovers', type: 'audience', audience_type: 'pve', people: 1234567, created_at: '2026-11-02T10:00:00Z' }),
    );
    expect(await screen.findByText('Cola lovers')).toBeTruthy();
  }

  it('SHELL-090 SHELL-091 explains zero counts with the three reasons', async () => {
    const boot = await createTestContainer();
    renderWith(<ZeroCountModal />, { boot });
    act(() => boot.container.get<{ openZeroCount(): void }>(ShellModalsToken.symbol).openZeroCount());
    expect(await screen.findByText('Segment/Audience counts may display as zero due to the following reasons')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Expiration (no new data received from the vendor)',
      'Membership (no IDs received for the segment from the vendor definition)',
      'Deletion (the segment has been deleted)',
    ]);
  });

  it('SHELL-012 shows name, type, people count, created date and links to the audience detail page', async () => {
    await openDetails({});
    expect(screen.getByText('Optimized Audience')).toBeTruthy();
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.getByText('2026-11-02')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open audience' }).getAttribute('href')).toBe('/acme/us/fizz-cola/fizz-zero/audiences/overview/audience/42');
  });

  it('SHELL-012 (issue 27 §6) no link to the detail page for a user who cannot open it', async () => {
    await openDetails({ audiences: { read: false } });
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open audience' })).toBeNull();
  });
});
