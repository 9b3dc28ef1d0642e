import discussionsPlugin from '@discovery/plugin-discussions';
import uploadsPlugin from './index';

describe('the upload admin routes', () => {
  it('UPL-001 / A-30 are {client}/{region}/upload/{type}_upload/admin for exactly five types, each behind upload and its type permission (UPL-002)', () => {
    const routes = [...uploadsPlugin.routes!, ...discussionsPlugin.routes!].filter((r) => r.ref.path.startsWith('upload/'));
    expect(routes.map((r) => r.ref.link({ client: 'acme', region: 'us' })).sort()).toEqual(
      ['discussions', 'journeys', 'mekkos', 'personas', 'surveys'].map((t) => `/acme/us/upload/${t}_upload/admin`),
    );
    expect(routes.every((r) => r.ref.scope === 'region' && r.onDenied === 'missing-permissions')).toBe(true);
    // Personas is the fourth screen of this plugin (A-30: Explore/Widgets).
    expect(uploadsPlugin.routes!.map((r) => r.ref.id)).toEqual(['uploads.surveys', 'uploads.mekkos', 'uploads.journeys', 'uploads.personas']);
  });
});
