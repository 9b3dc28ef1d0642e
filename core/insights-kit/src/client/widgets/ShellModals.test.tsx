import { HierarchyStoreToken, type HierarchyStore } from '@discovery/platform';
import type { ShellModalsStore } from '../ShellModalsStore';
import { ShellModalsToken } from '../tokens';
import { createTestContainer, FakeServer, renderWith } from '@discovery/test-utils';
import { act, screen } from '@testing-library/react';
import { AudienceDetailsModal, ZeroCountModal } from './ShellModals';

describe('shell modals', () => {
  beforeEach(() => new FakeServer().respond('GET /api/v1/contexts/acme%2Fus%2Ffizz-cola%2Ffizz-zero/modules', { data: [] }).install());

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
    const boot = await createTestContainer();
    const modals = boot.container.get<ShellModalsStore>(ShellModalsToken.symbol);
    const hierarchy = boot.container.get<HierarchyStore>(HierarchyStoreToken.symbol);
    hierarchy.select({ client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' });
    renderWith(<AudienceDetailsModal />, { boot });
    act(() =>
      modals.openAudienceDetails({ id: 42, name: 'Cola lovers', type: 'audience', audience_type: 'pve', people: 1234567, created_at: '2026-11-02T10:00:00Z' }),
    );
    expect(await screen.findByText('Cola lovers')).toBeTruthy();
    expect(screen.getByText('Optimized Audience')).toBeTruthy();
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.getByText('2026-11-02')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open audience' }).getAttribute('href')).toBe('/acme/us/fizz-cola/fizz-zero/audiences/overview/audience/42');
  });
});
