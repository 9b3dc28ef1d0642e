/** A count worker: its own lazily loaded bitmaps, the shards the engine gives it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { MANIFEST_FILE, type Manifest } from './manifest';
import type { Op } from './ops';
import { ShardStore } from './shardStore';

export interface WorkerRequest {
  id: number;
  op?: Op;
  shards?: number[];
  memory?: boolean;
}

const { dir } = workerData as { dir: string };
const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
const store = new ShardStore(dir, manifest);

parentPort!.on('message', (msg: WorkerRequest) => {
  try {
    if (msg.memory) parentPort!.postMessage({ id: msg.id, memory: store.memory() });
    else parentPort!.postMessage({ id: msg.id, partial: store.run(msg.op!, msg.shards!) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
  }
});
