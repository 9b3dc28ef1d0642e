import { brandsAdminItemInput } from './index';

describe('brands-admin item schema', () => {
  it('requires a name and trims it', () => {
    expect(brandsAdminItemInput.safeParse({ name: '  ' }).success).toBe(false);
    expect(brandsAdminItemInput.parse({ name: ' First ' })).toEqual({ name: 'First' });
  });
});
