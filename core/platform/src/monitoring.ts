import { adminEndpoints, browserMonitoringEnabled, CLIENT_ERROR_LIMITS, type PublicConfigDto } from '@discovery/plugin-api';

/** One error the browser forwards (core's `ClientErrorsBody`): a console error or a failed call. */
export interface ClientErrorReport {
  kind: 'console' | 'network';
  message: string;
  url?: string;
  status?: number;
  at?: string;
}

/** The most the server takes in one batch (`ClientErrorsBody`), and the longest message (SHELL-124). */
const { batch: MAX_BATCH, message: MAX_MESSAGE } = CLIENT_ERROR_LIMITS;
/** The forwarding call itself: its own failure is never forwarded again. */
export const CLIENT_ERRORS_PATH = adminEndpoints.clientErrors.path;

export interface BrowserMonitoringOptions {
  /** Sends one batch (POST /api/v1/client-errors); a failure is dropped, never reported. */
  send: (errors: ClientErrorReport[]) => Promise<unknown>;
  /** How long errors gather before a batch goes (ms). */
  flushMs?: number;
  random?: () => number;
  now?: () => Date;
}

/**
 * SHELL-119..122 in the browser: once started with the deployment's configuration, console
 * errors (uncaught errors, unhandled rejections, `console.error`) and failed calls (no answer, or
 * 5xx) go to the server in batches, which logs them with the signed-in user (SHELL-121). Nothing
 * runs in dev or without a client token (the rule plugin-api shares with the server), and only
 * the configured share of sessions forwards anything (`monitoring_sample_rate`, 0-100).
 */
export class BrowserMonitoring {
  private active = false;
  private queue: ClientErrorReport[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly flushMs: number;
  private readonly random: () => number;
  private readonly now: () => Date;

  constructor(private readonly opts: BrowserMonitoringOptions) {
    this.flushMs = opts.flushMs ?? 5000;
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? (() => new Date());
  }

  /** Whether this session forwards its errors. */
  get enabled(): boolean {
    return this.active;
  }

  /** Decides once per session (SHELL-119, SHELL-122); answers whether it forwards. */
  start(config: Pick<PublicConfigDto, 'environment' | 'monitoring_client_token' | 'monitoring_sample_rate'>): boolean {
    const rate = config.monitoring_sample_rate ?? 100;
    this.active = browserMonitoringEnabled(config) && this.random() * 100 < rate;
    return this.active;
  }

  /** SHELL-120: one error, forwarded with the next batch. */
  report(e: ClientErrorReport): void {
    if (!this.active || e.url?.endsWith(CLIENT_ERRORS_PATH)) return;
    const message = (e.message || 'Unknown error').slice(0, MAX_MESSAGE);
    if (this.queue.length >= MAX_BATCH) return;
    this.queue.push({ ...e, message, at: e.at ?? this.now().toISOString() });
    this.timer ??= setTimeout(() => this.flush().catch(() => undefined), this.flushMs);
  }

  /** Sends what has gathered; a failed send is dropped (reporting it would loop). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    await this.opts.send(batch).catch(() => undefined);
  }

  /**
   * Listens to the window's uncaught errors and unhandled rejections, and to `console.error`;
   * answers the function that undoes it.
   */
  install(win: Window & typeof globalThis): () => void {
    const onError = (ev: ErrorEvent) => this.report({ kind: 'console', message: ev.message || String(ev.error), url: win.location.pathname });
    const onRejection = (ev: PromiseRejectionEvent) => this.report({ kind: 'console', message: describe(ev.reason), url: win.location.pathname });
    const original = win.console.error;
    win.console.error = (...args: unknown[]) => {
      original.apply(win.console, args);
      this.report({ kind: 'console', message: args.map(describe).join(' '), url: win.location.pathname });
    };
    win.addEventListener('error', onError);
    win.addEventListener('unhandledrejection', onRejection);
    return () => {
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.console.error = original;
    };
  }
}

function describe(v: unknown): string {
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}
