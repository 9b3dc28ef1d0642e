import { LANES, laneOf, specFiles, specsOf } from '../e2e/lanes';

describe('e2e lanes (issue 26)', () => {
  it('every spec file runs in exactly one lane, a new plugin’s folder in main', () => {
    const files = specFiles();
    expect(files.length).toBeGreaterThan(20);
    const inLanes = LANES.flatMap((l) => specsOf(l));
    expect(inLanes).toHaveLength(files.length);
    expect(new Set(inLanes).size).toBe(files.length);
    expect(laneOf('some-new-plugin/some-new-plugin.e2e.ts')).toBe('main');
  });

  it('the walks lane holds the a11y walks and the shell’s specs (its two walks among them), by their current names', () => {
    const walks = specsOf('walks').map((f) => f.replace(/^.*\/e2e\/specs\//, ''));
    expect(walks).toEqual(expect.arrayContaining(['a11y/axe.e2e.ts', 'a11y/keyboard.e2e.ts', 'shell/first-walk.e2e.ts', 'shell/shell.e2e.ts']));
    expect(walks.every((f) => f.startsWith('a11y/') || f.startsWith('shell/'))).toBe(true);
  });
});
