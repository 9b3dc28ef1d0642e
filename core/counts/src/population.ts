import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CountsEngine } from './engine';
import { GENERATOR_VERSION, MANIFEST_FILE, type Manifest } from './manifest';
import { VENDORS } from './taxonomy';
import { generatePopulationParallel } from './parallel';

export type PopulationState = 'missing' | 'generating' | 'ready' | 'failed';

export interface PopulationOptions {
  dir: string;
  people: number;
  seed: number;
  regions?: string[];
  /** The worker entry (the bundled worker in a build; worker-dev.cjs from sources). */
  workerScript?: string;
  /** Worker threads counting (default: the machine's parallelism; 0 = inline, tests only). */
  workers?: number;
  /** The most count work one request may ask for (EngineOptions.budget). */
  budget?: number;
  log?: (msg: string) => void;
}

/**
 * The population a server counts over. When none exists it is generated on worker threads
 * while the server already answers; count calls wait for it (or get a 503 from the caller).
 */
export class Population {
  state: PopulationState = 'missing';
  readonly dir: string;
  error: string | null = null;
  progress: [number, number] = [0, 0];
  private engine: CountsEngine | null = null;
  private ready: Promise<CountsEngine>;

  constructor(private readonly opts: PopulationOptions) {
    this.dir = opts.dir;
    this.ready = this.start();
    this.ready.catch(() => undefined);
  }

  private get script(): string {
    return this.opts.workerScript ?? join(__dirname, 'worker-dev.cjs');
  }

  private async start(): Promise<CountsEngine> {
    try {
      const { dir } = this.opts;
      if (CountsEngine.exists(dir) && madeByOlderGenerator(dir)) {
        this.opts.log?.(`The demo population in ${dir} was made by an older generator; generating it again.`);
        rmSync(dir, { recursive: true, force: true });
      }
      if (!CountsEngine.exists(dir)) {
        this.state = 'generating';
        const t0 = Date.now();
        this.opts.log?.(`Generating the demo population (${this.opts.people.toLocaleString()} people, seed ${this.opts.seed}) in ${dir}...`);
        await generatePopulationParallel({
          dir,
          people: this.opts.people,
          seed: this.opts.seed,
          regions: this.opts.regions,
          workerScript: this.script,
          onProgress: (done, total) => (this.progress = [done, total]),
        }).catch((e) => {
          throw new Error(`generating it failed: ${(e as Error).message}`);
        });
        this.opts.log?.(`Demo population ready in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
      }
      this.engine = await CountsEngine.open({ dir, workers: this.opts.workers, workerScript: this.opts.workerScript, budget: this.opts.budget });
      this.state = 'ready';
      this.opts.log?.(
        `Count engine: ${this.engine.people.toLocaleString()} people on ${this.engine.threads} worker thread(s), overlaps and mekkos on ${this.engine.kernel.status}.`,
      );
      return this.engine;
    } catch (e) {
      // Generation errors, damaged files (PopulationLoadError), a bad DISCOVERY_COUNT_KERNEL: the
      // reason stays visible in GET /api/v1/counts/status and in every count call's 503.
      this.state = 'failed';
      this.error = (e as Error).message;
      this.opts.log?.(`The audience population is not available: ${this.error}. Delete ${this.opts.dir} to generate it again.`);
      throw e;
    }
  }

  /** The engine, or null while generating (or after a failure). */
  current(): CountsEngine | null {
    return this.engine;
  }

  /**
   * The state with its reason: 'failed' also when the engine opened but its workers keep dying.
   * `restarts` counts worker threads replaced after dying.
   */
  status(): { state: PopulationState; error: string | null; restarts: number } {
    const health = this.engine?.health();
    if (health?.failure) return { state: 'failed', error: health.failure, restarts: health.restarts };
    return { state: this.state, error: this.error, restarts: health?.restarts ?? 0 };
  }

  whenReady(): Promise<CountsEngine> {
    return this.ready;
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.engine?.close();
  }
}

/**
 * A synthetic demo population (our generator's vendors) whose manifest names an older generator
 * than this one: a demo to make again. Any other population is left as it is.
 */
function madeByOlderGenerator(dir: string): boolean {
  try {
    const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    const synthetic = m.vendors?.some((v) => VENDORS.some((d) => d.vendor_name === v.vendor_name));
    return Boolean(synthetic) && (m.generator ?? 1) < GENERATOR_VERSION;
  } catch {
    return false; // unreadable: CountsEngine.open reports it as damaged
  }
}
