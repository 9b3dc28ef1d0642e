import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The native count kernel (native/kernel.c, built by npm install through binding.gyp): a whole
 * shard's overlap block or mekko in one call over the portable roaring bytes. Optional: when it
 * is not built (or DISCOVERY_COUNT_KERNEL=off) the engine runs the same operations with `roaring`.
 */
export interface CountKernel {
  /** Adds |X_i|, |Y_j| and |X_i ∩ Y_j| (row by row) of one shard into `out` (nx + ny + nx·ny). */
  overlap(xs: Buffer[], ys: Buffer[], out: Float64Array): void;
  /** Adds [|∪ matched|, |∪ modeled|, per market |∪ matched|, |∪ modeled|] of one shard into `out`. */
  mekko(matched: Buffer[][], modeled: Buffer[][], out: Float64Array): void;
  /** Adds each buffer's member count into `out` (one number per buffer). */
  sizes(bufs: Buffer[], out: Float64Array): void;
  /** Whether AND + popcount runs on AVX-512 VPOPCNTDQ on this CPU. */
  readonly avx512: boolean;
}

let loaded: CountKernel | null | undefined;
let status = 'not loaded';

/** The kernel, or null when it is switched off or not built; the reason is in `kernelStatus()`. */
export function loadKernel(): CountKernel | null {
  if (loaded !== undefined) return loaded;
  const setting = process.env.DISCOVERY_COUNT_KERNEL;
  loaded = null;
  if (setting === 'off') {
    status = 'off (DISCOVERY_COUNT_KERNEL=off)';
    return loaded;
  }
  const req = createRequire(join(process.cwd(), 'index.js'));
  let path = setting;
  if (!path) {
    try {
      path = join(dirname(req.resolve('@discovery/counts/package.json')), 'build', 'Release', 'count_kernel.node');
    } catch {
      path = join(process.cwd(), 'core', 'counts', 'build', 'Release', 'count_kernel.node');
    }
  }
  if (!existsSync(path)) {
    status = `not built (${path}); run npm install`;
    return loaded;
  }
  loaded = req(path) as CountKernel;
  status = `native${loaded.avx512 ? ' (AVX-512)' : ''}`;
  return loaded;
}

/** How overlaps and mekkos run here: 'native (AVX-512)', 'native', 'off ...' or 'not built ...'. */
export function kernelStatus(): string {
  loadKernel();
  return status;
}
