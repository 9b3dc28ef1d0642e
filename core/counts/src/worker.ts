/**
 * The count engine's thread: either a query worker (its own lazily loaded bitmaps, the shards the
 * engine gives it) or, with `workerData.generate`, one part of the data provider's work.
 */
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerFault } from './engine';
import { writeSegmentPart, type GenerateOptions, type GeneratePart } from './generate';
import type { KernelOption } from './kernel';
import { MANIFEST_FILE, type Manifest } from './manifest';
import type { Op } from './ops';
import { ShardStore } from './shardStore';

export interface WorkerRequest {
  id: number;
  op?: Op;
  shards?: number[];
  memory?: boolean;
}

const data = workerData as {
  dir: string;
  kernel?: KernelOption;
  fault?: WorkerFault;
  generate?: Omit<GenerateOptions, 'dir' | 'onProgress'> & { part: GeneratePart };
};

/** A test's injected death (EngineOptions.fault), the ways a real worker dies: exit, an error outside a task, out of memory. */
function die(how: WorkerFault['how']): void {
  if (how === 'exit') process.exit(70);
  if (how === 'throw') {
    setImmediate(() => {
      throw new Error('injected fault: an error outside any task');
    });
    return;
  }
  const hog: number[][] = [];
  for (;;) hog.push(new Array<number>(1 << 20).fill(hog.length));
}

// Below the server's event loop: on Linux a thread's nice value is its own (elsewhere it would be
// the whole process's, so it is left alone). A ping then waits for no count (issue 25 §2).
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // not allowed here: run at the process's priority
  }
}

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
    if (data.fault && data.fault.on === (msg.memory ? 'memory' : msg.op?.op)) {
      die(data.fault.how); // the request is never answered: the thread dies holding it
      return;
    }
    try {
      if (msg.memory) parentPort!.postMessage({ id: msg.id, memory: store.memory() });
      else parentPort!.postMessage({ id: msg.id, partial: store.run(msg.op!, msg.shards!) });
    } catch (e) {
      parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
    }
  });
}
