import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The functions of one path of the native kernel. */
export interface KernelFunctions {
  /** Adds |X_i|, |Y_j| and |X_i ∩ Y_j| (row by row) of one shard into `out` (nx + ny + nx·ny). */
  overlap(xs: Buffer[], ys: Buffer[], out: Float64Array): void;
  /** Adds [|∪ matched|, |∪ modeled|, per market |∪ matched|, |∪ modeled|] of one shard into `out`. */
  mekko(matched: Buffer[][], modeled: Buffer[][], out: Float64Array): void;
  /** Adds each buffer's member count into `out` (one number per buffer). */
  sizes(bufs: Buffer[], out: Float64Array): void;
  /** Adds [|F|, |X_i ∩ F| ..., |Y_j ∩ F| ..., |X_i ∩ Y_j ∩ F| row by row] of one shard into `out` (at most 64 xs and ys). */
  overlapWithin(xs: Buffer[], ys: Buffer[], filter: KernelFilter, out: Float64Array): void;
  /**
   * Adds [|∪ matched ∩ F|, |∪ modeled ∩ F'|, per market the same] of one shard into `out` and each
   * segment's |S ∩ F| into `ids` (every market's matched segments, then every market's modeled
   * ones); `filters` = [F on matched bitmaps, F' on modeled ones].
   */
  mekkoWithin(matched: Buffer[][], modeled: Buffer[][], filters: [KernelFilter, KernelFilter], out: Float64Array, ids: Float64Array): void;
  /** Adds [|F|, |S_i ∩ F| ...] of one shard into `out` (1 + buffers). */
  countsWithin(bufs: Buffer[], filter: KernelFilter, out: Float64Array): void;
  /** Whether AND + popcount runs on AVX-512 VPOPCNTDQ. */
  readonly avx512: boolean;
}

/**
 * A filter audience on one shard as the kernel takes it: everyone of the shard (ids 0 .. people - 1)
 * AND each include group (an OR of segments) minus the AND of the exclude groups; no empty group,
 * at most KERNEL_MAX_GROUPS of each.
 */
export type KernelFilter = [include: Buffer[][], exclude: Buffer[][], people: number];

/** The most include (or exclude) groups, and xs or ys of an overlap within a filter, the kernel takes. */
export const KERNEL_MAX_GROUPS = 64;
export const KERNEL_MAX_WITHIN = 64;

/**
 * The native count kernel (native/kernel.c, built by npm install through binding.gyp): a whole
 * shard's overlap block or mekko in one call over the portable roaring bytes. Optional: when it
 * is not built (or switched off) the engine runs the same operations with `roaring`.
 * The top-level functions take the best path for this CPU; `portable` the plain C one.
 */
export interface CountKernel extends KernelFunctions {
  readonly portable: KernelFunctions;
  /** 'x86' (AVX-512 path compiled in, chosen at run time) or 'portable-only' (arm64 and others). */
  readonly build: 'x86' | 'portable-only';
}

/** How overlaps and mekkos run: AVX-512, the kernel's plain C path, or `roaring` alone. */
/** How counting runs: the native kernel's paths, roaring alone, or the ClickHouse backend. */
export type KernelMode = 'avx512' | 'portable' | 'roaring' | 'clickhouse';

/** Which path an engine asks for: the setting's (`true`, default), the plain C path, or none. */
export type KernelOption = boolean | 'portable';

export interface KernelChoice {
  kernel: KernelFunctions | null;
  mode: KernelMode;
  /** For people: 'native (AVX-512)', 'native (portable C: ...)' or 'roaring (why)'. */
  status: string;
}

/** Where the install script (scripts/build-kernel.cjs) records a failed build. */
export const BUILD_REPORT = 'kernel-build.json';

const ENV = 'DISCOVERY_COUNT_KERNEL';

/** Binaries loaded in this thread, by file. */
const loaded = new Map<string, { kernel: CountKernel | null; why: string }>();

function packageDir(): string {
  const req = createRequire(join(process.cwd(), 'index.js'));
  try {
    return dirname(req.resolve('@discovery/counts/package.json'));
  } catch {
    return join(process.cwd(), 'core', 'counts');
  }
}

/** The built binary (or the one DISCOVERY_COUNT_KERNEL names), loaded once per thread. */
function binary(path: string | undefined): { kernel: CountKernel | null; why: string } {
  const dir = packageDir();
  const file = path ?? join(dir, 'build', 'Release', 'count_kernel.node');
  let found = loaded.get(file);
  if (!found) {
    found = load(dir, file, path === undefined);
    loaded.set(file, found);
  }
  return found;
}

function load(dir: string, file: string, ownBuild: boolean): { kernel: CountKernel | null; why: string } {
  if (!existsSync(file)) {
    let why = `native kernel not built (${file})`;
    const report = join(dir, 'build', BUILD_REPORT);
    if (ownBuild && existsSync(report)) {
      try {
        why = `native kernel not built: ${(JSON.parse(readFileSync(report, 'utf8')) as { reason: string }).reason}`;
      } catch {
        // an unreadable report says no more than the missing file
      }
    }
    return { kernel: null, why: `${why}; run npm rebuild @discovery/counts` };
  }
  try {
    return { kernel: createRequire(join(dir, 'index.js'))(file) as CountKernel, why: '' };
  } catch (e) {
    return { kernel: null, why: `native kernel failed to load: ${(e as Error).message.split('\n')[0]}` };
  }
}

function setting(): { choice: 'auto' | 'portable' | 'off'; path?: string } {
  const value = process.env[ENV]?.trim() || 'auto';
  if (value === 'auto' || value === 'portable' || value === 'off') return { choice: value };
  if (value.includes('/') || value.includes('\\') || value.endsWith('.node')) return { choice: 'auto', path: value };
  throw new Error(`${ENV}=${value} is not one of auto, portable, off or a path to count_kernel.node`);
}

/**
 * The kernel path for an engine. DISCOVERY_COUNT_KERNEL: unset or 'auto' = the best path this
 * CPU runs (AVX-512 VPOPCNTDQ when present, else portable C), 'portable' = the plain C path even
 * where AVX-512 exists, 'off' = roaring only, or a path to a count_kernel.node. Anything else is
 * a configuration error, thrown so that the engine does not open on a guess.
 */
export function chooseKernel(option: KernelOption = true): KernelChoice {
  const { choice, path } = setting();
  if (option === false) return { kernel: null, mode: 'roaring', status: 'roaring (native kernel switched off for this engine)' };
  if (choice === 'off') return { kernel: null, mode: 'roaring', status: `roaring (${ENV}=off)` };
  const { kernel, why } = binary(path);
  if (!kernel) return { kernel: null, mode: 'roaring', status: `roaring (${why})` };
  if (option === 'portable' || choice === 'portable') {
    return {
      kernel: kernel.portable,
      mode: 'portable',
      status: `native (portable C: ${option === 'portable' ? 'asked for by this engine' : `${ENV}=portable`})`,
    };
  }
  if (kernel.avx512) return { kernel, mode: 'avx512', status: 'native (AVX-512)' };
  const reason = kernel.build === 'x86' ? 'this CPU has no AVX-512 VPOPCNTDQ' : 'built without the x86 parts';
  return { kernel, mode: 'portable', status: `native (portable C: ${reason})` };
}

/** The built binary with both paths (tests and tools comparing them), or null when not built. */
export function loadKernel(): CountKernel | null {
  return binary(setting().path).kernel;
}

/** How overlaps and mekkos run here by default; a configuration error is reported, not thrown. */
export function kernelStatus(option: KernelOption = true): string {
  try {
    return chooseKernel(option).status;
  } catch (e) {
    return `roaring (${(e as Error).message})`;
  }
}
