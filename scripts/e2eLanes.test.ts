import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LANES, laneOf, SCAFFOLD_CHECK_ID, specFiles, specsOf } from '../e2e/lanes';

describe('e2e lanes (issue 26)', () => {
  it('every spec file runs in exactly one lane, a new plugin’s folder in main', () => {
    const files = specFiles();
    expect(files.length).toBeGreaterThan(20);
    const inLanes = LANES.flatMap((l) => specsOf(l));
    expect(inLanes).toHaveLength(files.length);
    expect(new Set(inLanes).size).toBe(files.length);
    expect(laneOf('some-new-plugin/some-new-plugin.e2e.ts')).toBe('main');
  });

  it('the axe walk has a lane of its own, the other walks and the shell’s specs are in walks, by their current names', () => {
    const rel = (lane: (typeof LANES)[number]) => specsOf(lane).map((f) => f.replace(/^.*\/e2e\/specs\//, ''));
    expect(rel('axe')).toContain('a11y/axe.e2e.ts');
    expect(rel('axe').filter((f) => f.startsWith('shell/'))).toEqual([]);
    expect(rel('walks')).toEqual(expect.arrayContaining(['a11y/keyboard.e2e.ts', 'shell/first-walk.e2e.ts', 'shell/shell.e2e.ts', 'shell/login.e2e.ts']));
    expect(rel('main').filter((f) => f.startsWith('a11y/') || f.startsWith('shell/'))).toEqual([]);
  });

  it('the scaffold check’s spec, written beside the lanes while they run, is in none of them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'discovery-lanes-'));
    try {
      for (const f of [`${SCAFFOLD_CHECK_ID}/${SCAFFOLD_CHECK_ID}.e2e.ts`, 'some-plugin/some-plugin.e2e.ts']) {
        mkdirSync(join(dir, dirname(f)), { recursive: true });
        writeFileSync(join(dir, f), '');
      }
      expect(specFiles(dir)).toEqual(['some-plugin/some-plugin.e2e.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
