/**
 * A count worker stopped (process.exit, an error thrown outside a task, out of memory) while
 * answering, or the workers keep stopping, or the ClickHouse backend did not answer in time: the
 * server answers 503 with this message. The next call is answered again when the cause is gone.
 */
export class CountsUnavailableError extends Error {
  readonly status = 503;
  constructor(message: string) {
    super(message);
    this.name = 'CountsUnavailableError';
  }
}

/** The population is unreadable (missing, truncated or corrupt files; ClickHouse holding another version): the engine does not open. */
export class PopulationLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PopulationLoadError';
  }
}
