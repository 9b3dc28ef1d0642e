import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDED_DATA_DIR, seededDataDir, seededDataKey } from './seededData';

/**
 * A stand-in for a built server (dist/<build>/server.mjs): it "seeds" its data folder (a file, and
 * a line in a log shared by every start), writes its population's manifest a moment after it
 * answers its health, and exits 0 on SIGTERM, as the real one does once its database is closed.
 */
const FAKE_SERVER = `
import { createServer } from 'node:http';
import { appendFileSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
const dir = process.env.DISCOVERY_DATA_DIR;
appendFileSync(process.env.FAKE_LOG, (existsSync(dir + '/seeded') ? 'restart ' : 'seed ') + (process.env.DISCOVERY_TIER ?? '-') + '\\n');
writeFileSync(dir + '/seeded', 'tier ' + (process.env.DISCOVERY_TIER ?? '-'));
const server = createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');
setTimeout(() => {
  mkdirSync(process.env.DISCOVERY_POPULATION_DIR, { recursive: true });
  writeFileSync(process.env.DISCOVERY_POPULATION_DIR + '/manifest.json', '{}');
}, 300);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
`;

describe('seeded data folders of a built server (issue 26 §2)', () => {
  let work: string;
  let serverFile: string;
  let log: string;
  const made: string[] = [];
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'seeded-data-test-'));
    serverFile = join(work, 'server.mjs');
    // Unique per test, so no template of an earlier run or test is found.
    writeFileSync(serverFile, `${FAKE_SERVER}\n// ${work}\n`);
    log = join(work, 'starts.log');
    writeFileSync(log, '');
    process.env.FAKE_LOG = log;
  });
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
    rmSync(join(SEEDED_DATA_DIR, seededDataKey(serverFile, {})), { recursive: true, force: true });
    rmSync(`${join(SEEDED_DATA_DIR, seededDataKey(serverFile, {}))}.lock`, { recursive: true, force: true });
    rmSync(join(SEEDED_DATA_DIR, seededDataKey(serverFile, { DISCOVERY_TIER: '3' })), { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    delete process.env.FAKE_LOG;
  });
  const copy = async (env: NodeJS.ProcessEnv = {}) => {
    const d = await seededDataDir(serverFile, env);
    made.push(d);
    return d;
  };
  const starts = () => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);

  it('three servers asking at once get one template, seeded once, each in a copy of its own', async () => {
    const dirs = await Promise.all([copy(), copy(), copy()]);
    expect(starts()).toEqual(['seed -']);
    expect(new Set(dirs).size).toBe(3);
    for (const d of dirs) {
      expect(readFileSync(join(d, 'seeded'), 'utf8')).toBe('tier -');
      expect(existsSync(join(d, 'population', 'manifest.json'))).toBe(true);
    }
    // A write in one copy stays there.
    appendFileSync(join(dirs[0], 'seeded'), ' changed');
    expect(readFileSync(join(dirs[1], 'seeded'), 'utf8')).toBe('tier -');
    expect(readFileSync(join(await copy(), 'seeded'), 'utf8')).toBe('tier -');
    expect(starts()).toEqual(['seed -']);
    // Nothing is left half made beside the templates.
    expect(readdirSync(SEEDED_DATA_DIR).filter((n) => n.endsWith('.lock'))).toEqual([]);
  });

  it('what decides the seeds (the tier) or a rebuilt server makes another template', async () => {
    await copy();
    expect(readFileSync(join(await copy({ DISCOVERY_TIER: '3' }), 'seeded'), 'utf8')).toBe('tier 3');
    expect(starts()).toEqual(['seed -', 'seed 3']);
    const before = seededDataKey(serverFile, {});
    writeFileSync(serverFile, `${readFileSync(serverFile, 'utf8')}// rebuilt\n`);
    expect(seededDataKey(serverFile, {})).not.toBe(before);
    // Only the settings that decide the seeds name a template, not the rest of the environment.
    expect(seededDataKey(serverFile, { DISCOVERY_REPORT_MIN_MS: '4000' })).toBe(seededDataKey(serverFile, {}));
    // What the server sees counts, this process's environment included.
    const plain = seededDataKey(serverFile, {});
    process.env.DISCOVERY_TIER = '3';
    try {
      expect(seededDataKey(serverFile, {})).toBe(seededDataKey(serverFile, { DISCOVERY_TIER: '3' }));
      expect(seededDataKey(serverFile, {})).not.toBe(plain);
    } finally {
      delete process.env.DISCOVERY_TIER;
    }
  });

  it('a lock left by a process that died is broken at once, not after the stale-lock time', async () => {
    // Without that, copy() waits the 10 minutes of the stale-lock rule, past this test's timeout.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const lock = `${join(SEEDED_DATA_DIR, seededDataKey(serverFile, {}))}.lock`;
    mkdirSync(lock, { recursive: true });
    writeFileSync(join(lock, 'pid'), String(dead));
    expect(readFileSync(join(await copy(), 'seeded'), 'utf8')).toBe('tier -');
    expect(starts()).toEqual(['seed -']);
    expect(existsSync(lock)).toBe(false);
  });

  it('a server that fails to seed leaves no template, and says why', async () => {
    writeFileSync(serverFile, 'process.exit(3);\n');
    await expect(copy()).rejects.toThrow(/exited with code 3/);
    expect(existsSync(join(SEEDED_DATA_DIR, seededDataKey(serverFile, {})))).toBe(false);
  });
});
