import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jestFailures, jestSlowest, e2eFailures, clearE2eFailures, e2eFailuresFile, e2eFlaky, e2eFlakyFile } from './failures';

describe('the failures npm test repeats under its timing table', () => {
  it('names each failed jest test with the first line of its error, and a suite that could not run', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'failures-')), 'r.json');
    writeFileSync(
      file,
      JSON.stringify({
        testResults: [
          {
            name: `${process.cwd()}/core/a.test.ts`,
            status: 'failed',
            assertionResults: [
              { fullName: 'a works', status: 'passed' },
              { fullName: 'a counts', status: 'failed', failureMessages: ['\u001b[31mError: expected 3\u001b[39m\n    at x'] },
            ],
          },
          { name: `${process.cwd()}/core/b.test.ts`, status: 'failed', message: '\n  Cannot find module x\n more', assertionResults: [] },
          { name: `${process.cwd()}/core/c.test.ts`, status: 'passed', assertionResults: [{ fullName: 'c', status: 'passed' }] },
        ],
      }),
    );
    expect(jestFailures(file)).toEqual(['core/a.test.ts › a counts — Error: expected 3', 'core/b.test.ts — Cannot find module x']);
    expect(existsSync(file)).toBe(false);
  });

  it('lists the slowest suites first, with their seconds', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'failures-')), 'r.json');
    const suite = (name: string, s: number) => ({ name: `${process.cwd()}/${name}`, status: 'passed', startTime: 1000, endTime: 1000 + s * 1000 });
    writeFileSync(file, JSON.stringify({ testResults: [suite('a.test.ts', 2), suite('b.test.ts', 202.1), suite('c.test.ts', 9)] }));
    expect(jestSlowest(file, 2)).toEqual(['  202.1 s  b.test.ts', '    9.0 s  c.test.ts']);
  });

  it('reads the e2e lines wdio.conf.ts wrote, and a new run starts with none', () => {
    process.env.E2E_OUTPUT_DIR = mkdtempSync(join(tmpdir(), 'failures-e2e-'));
    try {
      expect(e2eFailures()).toEqual([]);
      writeFileSync(e2eFailuresFile(), 'e2e/specs/x.e2e.ts › X › shows it — element not found (at /home)\n');
      expect(e2eFailures()).toEqual(['e2e/specs/x.e2e.ts › X › shows it — element not found (at /home)']);
      writeFileSync(e2eFlakyFile(), 'e2e/specs/y.e2e.ts › Y › opens it [attempt 1 of 2, retried] — timeout (at /y)\n');
      expect(e2eFlaky()).toEqual(['e2e/specs/y.e2e.ts › Y › opens it [attempt 1 of 2, retried] — timeout (at /y)']);
      clearE2eFailures();
      expect(e2eFailures()).toEqual([]);
      expect(e2eFlaky()).toEqual([]);
    } finally {
      delete process.env.E2E_OUTPUT_DIR;
    }
  });
});
