import uploadsPlugin from './index';

describe('the upload admin routes', () => {
  it('UPL-001 / A-30 are {client}/{region}/upload/{type}_upload/admin: the four types this plugin owns (discussions owns the fifth), each behind upload and its type permission (UPL-002)', () => {
    // The fifth, discussions_upload, is the discussions plugin's own route (its tests); uploads
    // depends on no other plugin, so it checks the four it owns follow the same pattern.
    const routes = uploadsPlugin.routes!.filter((r) => r.ref.path.startsWith('upload/'));
    expect(routes.map((r) => r.ref.link({ client: 'acme', region: 'us' })).sort()).toEqual(
      ['journeys', 'mekkos', 'personas', 'surveys'].map((t) => `/acme/us/upload/${t}_upload/admin`),
    );
    expect(routes.every((r) => r.ref.scope === 'region' && r.onDenied === 'missing-permissions')).toBe(true);
    // Personas is the fourth screen of this plugin (A-30: Explore/Widgets).
    expect(uploadsPlugin.routes!.map((r) => r.ref.id)).toEqual(['uploads.surveys', 'uploads.mekkos', 'uploads.journeys', 'uploads.personas']);
  });
});
