/**
 * The count engine's thread: either a query worker (its own lazily loaded bitmaps, the shards the
 * engine gives it) or, with `workerData.generate`, one part of the data provider's work.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { writeSegmentPart, type GenerateOptions, type GeneratePart } from './generate';
import { MANIFEST_FILE, type Manifest } from './manifest';
import type { Op } from './ops';
import { ShardStore } from './shardStore';

export interface WorkerRequest {
  id: number;
  op?: Op;
  shards?: number[];
  memory?: boolean;
}

const data = workerData as { dir: string; kernel?: boolean; generate?: Omit<GenerateOptions, 'dir' | 'onProgress'> & { part: GeneratePart } };

if (data.generate) {
  try {
    // data.dir is the temporary folder the parallel generator created; this thread writes its part.
    const { part, ...opts } = data.generate;
    const entries = writeSegmentPart({ ...opts, dir: data.dir, onProgress: (done) => parentPort!.postMessage({ progress: done }) }, data.dir, part);
    parentPort!.postMessage({ entries });
  } catch (e) {
    parentPort!.postMessage({ error: (e as Error).message });
  }
} else {
  const manifest = JSON.parse(readFileSync(join(data.dir, MANIFEST_FILE), 'utf8')) as Manifest;
  const store = new ShardStore(data.dir, manifest, { kernel: data.kernel });
  parentPort!.on('message', (msg: WorkerRequest) => {
    try {
      if (msg.memory) parentPort!.postMessage({ id: msg.id, memory: store.memory() });
      else parentPort!.postMessage({ id: msg.id, partial: store.run(msg.op!, msg.shards!) });
    } catch (e) {
      parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
    }
  });
}
