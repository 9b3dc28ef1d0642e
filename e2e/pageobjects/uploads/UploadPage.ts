import * as XLSX from '@e965/xlsx';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForToast as toastShown } from '../shell/Toasts';

/** An upload screen ({client}/{region}/upload/{type}_upload/admin): the three steps, the rules, the tables. */
export class UploadPage {
  constructor(readonly type: 'surveys' | 'mekkos' | 'journeys' | 'personas') {}

  get root() {
    return $(`[data-testid="upload-page-${this.type}"]`);
  }
  get errors() {
    return $('[data-testid="upload-errors"]');
  }
  get results() {
    return $('[data-testid="upload-results"]');
  }
  /** A large file's core job while it runs (UPL-005). */
  get progress() {
    return $('[data-testid="upload-progress"]');
  }
  get rules() {
    return $('[data-testid="upload-rules"]');
  }

  async open(region: string, query = '') {
    await browser.url(`/${region}/upload/${this.type}_upload/admin${query}`);
    await this.root.waitForDisplayed({ timeout: 20000 });
  }

  /**
   * Step 1: clicks 'Download Template' and answers the file the page handed to the browser: its
   * name and its rows (the page's object URL and link click are recorded instead of saved).
   */
  async downloadTemplate(): Promise<{ name: string; rows: unknown[][] }> {
    await browser.execute(() => {
      const w = window as unknown as { __download?: { name: string; data: string | null } };
      w.__download = undefined;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        const url = create(blob);
        void blob.arrayBuffer().then((b) => {
          let s = '';
          new Uint8Array(b).forEach((x) => (s += String.fromCharCode(x)));
          w.__download = { name: w.__download?.name ?? '', data: btoa(s) };
        });
        return url;
      };
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        w.__download = { name: this.download, data: w.__download?.data ?? null };
      };
    });
    await $('[data-testid="upload-template"]').click();
    let got: { name: string; data: string | null } | undefined;
    await browser.waitUntil(
      async () => {
        got = await browser.execute(() => (window as unknown as { __download?: { name: string; data: string | null } }).__download);
        return !!got?.name && !!got.data;
      },
      { timeout: 20000, timeoutMsg: 'no template was downloaded' },
    );
    const wb = XLSX.read(Buffer.from(got!.data!, 'base64'), { type: 'buffer' });
    return { name: got!.name, rows: XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null }) };
  }

  /** Step 2 with the project's .xls writer: the rows as an .xls file on this machine (the browser runs here too). */
  writeXls(rows: unknown[][], name = 'Edited.xls'): string {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Template');
    const file = join(mkdtempSync(join(tmpdir(), 'uploads-e2e-')), name);
    writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    return file;
  }

  /** Step 3: choosing the file starts the upload (UPL-005). */
  async choose(path: string) {
    await $('[data-testid="upload-file-input"]').setValue(path);
  }

  async tableRows(which: 'errors' | 'results'): Promise<number> {
    return Number(await $(`[data-testid="upload-${which}-table"]`).getAttribute('data-rows'));
  }

  async waitForToast(text: string) {
    await toastShown(text);
  }
}
