import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export type SheetCell = string | number | boolean | null;

type SheetTask =
  { op: 'read'; data: Uint8Array; maxRows: number } | { op: 'write'; sheets: { name: string; rows: SheetCell[][] }[]; bookType: 'biff8' | 'xlsx' };
export type SheetRequest = SheetTask & { id: number };

export type SheetResponse = {
  id: number;
  error?: string;
  data?: Uint8Array;
  rows?: unknown[][] | null;
  truncated?: boolean;
  sheets?: number;
  merges?: number;
};

/** What `core.sheets.read` finds in the first sheet of a workbook. */
export interface SheetRows {
  /** The sheet's rows (the header included), blank rows left out, at most maxRows. */
  rows: unknown[][];
  /** The sheet had more rows than maxRows. */
  truncated: boolean;
  /** Sheets in the workbook (only the first is read). */
  sheets: number;
  /** Merged ranges in the first sheet. */
  merges: number;
}

/**
 * Workbooks read and written on a thread of their own (core.sheets), so an upload or a template
 * download never holds up the server's other requests. One thread, started on first use; a thread
 * that dies fails the calls it held and the next call starts a new one.
 */
export class SheetService {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, { worker: Worker; resolve: (r: SheetResponse) => void; reject: (e: Error) => void }>();

  /** `script`: the thread's entry (the bundled server passes its built one); default: the sources' (tsx), found when first needed. */
  constructor(
    private readonly script?: string,
    /** A read or write not answered in this time stops the thread (a hostile file that would hold it). */
    private readonly timeoutMs = 30_000,
  ) {}

  /** Reads and writes sent to the thread and not answered yet. */
  get busy(): number {
    return this.pending.size;
  }

  /** The first sheet's rows, or null when the bytes are no workbook SheetJS can read. */
  async read(data: Buffer, opts: { maxRows: number }): Promise<SheetRows | null> {
    const r = await this.send({ op: 'read', data: new Uint8Array(data), maxRows: opts.maxRows });
    return r.rows ? { rows: r.rows, truncated: r.truncated ?? false, sheets: r.sheets ?? 1, merges: r.merges ?? 0 } : null;
  }

  /** A workbook of these sheets (.xls for 'biff8'). */
  async write(sheets: { name: string; rows: SheetCell[][] }[], bookType: 'biff8' | 'xlsx'): Promise<Buffer> {
    const r = await this.send({ op: 'write', sheets, bookType });
    return Buffer.from(r.data!.buffer, r.data!.byteOffset, r.data!.byteLength);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // A memory ceiling: a file that expands past it (a bomb) kills the thread, not the server.
    const w = new Worker(this.script ?? join(__dirname, 'worker-dev.cjs'), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    w.unref();
    w.on('message', (m: SheetResponse) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m);
    });
    let reason = '';
    w.on('error', (e) => (reason = e.message));
    w.on('exit', (code) => {
      if (this.worker === w) this.worker = null;
      const err = new Error(`the spreadsheet thread stopped (${reason || `exit code ${code}`})`);
      for (const [id, p] of this.pending) {
        if (p.worker !== w) continue;
        this.pending.delete(id);
        p.reject(err);
      }
    });
    this.worker = w;
    return w;
  }

  private send(msg: SheetTask): Promise<SheetResponse> {
    const id = this.next++;
    const w = this.thread();
    let timer: NodeJS.Timeout | undefined;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { worker: w, resolve, reject });
      w.ref();
      w.postMessage({ ...msg, id });
      timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        // The thread is stuck on this call: stop it (its other calls fail; the next call starts a new one).
        if (this.worker === w) this.worker = null;
        void w.terminate();
      }, this.timeoutMs);
      timer.unref();
    }).finally(() => {
      clearTimeout(timer);
      if (!this.pending.size) this.worker?.unref();
    }) as Promise<SheetResponse>;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('the server is stopping'));
    this.pending.clear();
    await w?.terminate();
  }
}
