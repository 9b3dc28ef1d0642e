import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { ROOT } from './workspace';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|ttf|eot)$/;
const MIN_BYTES = 1024;
const CACHE = join(ROOT, 'node_modules', '.cache', 'discovery-precompress');
const CACHE_DAYS = 14;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (COMPRESSIBLE.test(e.name) && (await stat(p)).size >= MIN_BYTES) out.push(p);
  }
  return out;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of at least 1 KB under `dir`; the server
 * sends the one the browser accepts (@fastify/static `preCompressed`), so the bytes on the wire
 * are compressed with no work per request. Brotli at its best quality is ~10% smaller than at 9
 * but takes seconds per build, so results are cached by content (chunk files keep their content
 * from one build to the next unless their code changed); entries unused for two weeks go.
 */
export async function precompress(dir: string): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  const now = new Date();
  await Promise.all(
    (await filesUnder(dir)).map(async (file) => {
      const buf = await readFile(file);
      const key = join(CACHE, createHash('sha256').update(buf).digest('hex'));
      const hit = await Promise.all([stat(key + '.br'), stat(key + '.gz')]).then(
        () => true,
        () => false,
      );
      if (hit) {
        await Promise.all([utimes(key + '.br', now, now), utimes(key + '.gz', now, now)]);
      } else {
        const [br, gz] = await Promise.all([
          brotliAsync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
          gzipAsync(buf, { level: 9 }),
        ]);
        await Promise.all([writeFile(key + '.br', br), writeFile(key + '.gz', gz)]);
      }
      await Promise.all([copyFile(key + '.br', file + '.br'), copyFile(key + '.gz', file + '.gz')]);
    }),
  );
  const old = now.getTime() - CACHE_DAYS * 86400000;
  for (const f of await readdir(CACHE)) {
    const p = join(CACHE, f);
    if ((await stat(p)).mtimeMs < old) await rm(p, { force: true });
  }
}
