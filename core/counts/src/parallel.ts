import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { beginPopulation, finishPopulation, type GenerateOptions, type GeneratePart } from './generate';
import type { Manifest, SegmentEntry } from './manifest';
import { buildTaxonomy } from './taxonomy';

export interface ParallelGenerateOptions extends GenerateOptions {
  /** Threads; default: the machine's parallelism. */
  workers?: number;
  /** The worker entry (the bundled worker in a build; worker-dev.cjs from sources). */
  workerScript?: string;
}

/** Message a generating worker sends: progress, its finished entries, or an error. */
export interface GenerateMessage {
  progress?: number;
  entries?: SegmentEntry[];
  error?: string;
}

/**
 * generatePopulation spread over worker threads: each thread writes every n-th segment of the
 * taxonomy into the same temporary folder; the manifest is written once all are done. Same
 * options, same files as the single-threaded version.
 */
export async function generatePopulationParallel(opts: ParallelGenerateOptions): Promise<Manifest> {
  const n = Math.max(1, opts.workers ?? availableParallelism());
  const script = opts.workerScript ?? join(__dirname, 'worker-dev.cjs');
  const tmp = beginPopulation(opts);
  const { onProgress, workers: _w, workerScript: _s, ...plain } = opts;
  const done = new Array<number>(n).fill(0);
  const total = buildTaxonomy(opts.seed).slice(0, opts.maxSegments).length;
  const parts = await Promise.all(
    Array.from({ length: n }, (_, index) => {
      const part: GeneratePart = { index, of: n };
      return new Promise<SegmentEntry[]>((resolve, reject) => {
        const w = new Worker(script, { workerData: { dir: tmp, generate: { ...plain, part } } });
        w.on('message', (m: GenerateMessage) => {
          if (m.progress !== undefined) {
            done[index] = m.progress;
            onProgress?.(
              done.reduce((a, b) => a + b, 0),
              total,
            );
          }
          if (m.error) reject(new Error(m.error));
          if (m.entries) resolve(m.entries);
        });
        w.on('error', reject);
        w.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`population worker exited with ${code}`))));
      });
    }),
  ).catch((e) => {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  });
  return finishPopulation(opts, tmp, parts.flat());
}
