import { join } from 'node:path';
import { CountsEngine } from './engine';
import { generatePopulationParallel } from './parallel';

export type PopulationState = 'missing' | 'generating' | 'ready' | 'failed';

export interface PopulationOptions {
  dir: string;
  people: number;
  seed: number;
  regions?: string[];
  /** The worker entry (the bundled worker in a build; worker-dev.cjs from sources). */
  workerScript?: string;
  workers?: number;
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
    const { dir } = this.opts;
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
        this.state = 'failed';
        this.error = (e as Error).message;
        throw e;
      });
      this.opts.log?.(`Demo population ready in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    }
    this.engine = await CountsEngine.open({ dir, workers: this.opts.workers, workerScript: this.opts.workerScript });
    this.state = 'ready';
    return this.engine;
  }

  /** The engine, or null while generating (or after a failure). */
  current(): CountsEngine | null {
    return this.engine;
  }

  whenReady(): Promise<CountsEngine> {
    return this.ready;
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.engine?.close();
  }
}
