import { Icons } from './blueprint-icon-loader';

describe('the icon loader the build gives Blueprint', () => {
  it('loads an icon once per size through the loader set, and has its paths after', async () => {
    const calls: string[] = [];
    Icons.setLoaderOptions({
      loader: async (name, size) => {
        calls.push(`${size}:${name}`);
        return [`path of ${name} at ${size}`];
      },
    });
    expect(Icons.getPaths('add', 16)).toBeUndefined();
    await Promise.all([Icons.load('add', 16), Icons.load('add', 16), Icons.load(['add', 'cross'], 20)]);
    await Icons.load('add', 16);
    expect(calls.sort()).toEqual(['16:add', '20:add', '20:cross']);
    expect(Icons.getPaths('add', 16)).toEqual(['path of add at 16']);
    expect(Icons.getPaths('cross', 20)).toEqual(['path of cross at 20']);
  });

  it('logs a name that cannot be an icon and asks no loader for it', async () => {
    const calls: string[] = [];
    Icons.setLoaderOptions({ loader: async (name) => (calls.push(name), []) });
    const errors: unknown[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...a) => void errors.push(a[0]));
    await Icons.load('../../etc' as 'add', 16);
    spy.mockRestore();
    expect(calls).toEqual([]);
    expect(errors).toEqual(["[Blueprint] Unable to load 16px icon '../../etc'"]);
  });
});
