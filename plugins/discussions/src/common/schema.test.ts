import { discussionsItemInput } from './index';

describe('discussions item schema', () => {
  it('requires a name and trims it', () => {
    expect(discussionsItemInput.safeParse({ name: '  ' }).success).toBe(false);
    expect(discussionsItemInput.parse({ name: ' First ' })).toEqual({ name: 'First' });
  });
});
