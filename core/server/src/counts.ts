import type { CountsEngine, Population } from '@discovery/counts';
import { HttpError } from './errors';

/** The engine, or a 503 saying why there is none yet. */
export async function countsEngine(population: Population | null): Promise<CountsEngine> {
  const e = population?.current();
  if (e) return e;
  if (population?.state === 'failed') throw new HttpError(503, `The audience population is not available: ${population.error}`);
  if (!population) throw new HttpError(503, 'This server has no audience population.');
  const [done, total] = population.progress;
  throw new HttpError(503, `The demo population is being generated (${done} of ${total} segments). Please try again in a moment.`);
}
