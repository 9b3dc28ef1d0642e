import { clickWhenSettled } from '../shell/Shell';
import { waitForToast as toastShown } from '../shell/Toasts';

/** A call of the API in the page's session (cookie, CSRF header, X-Context). */
export async function apiCall<T>(method: string, path: string, context: string, body?: unknown): Promise<{ status: number; body: T }> {
  return browser.executeAsync(
    (m: string, p: string, ctx: string, b: string | null, done: (r: { status: number; body: T }) => void) => {
      const headers: Record<string, string> = { 'x-csrf-token': localStorage.getItem('csrf-token') ?? '', 'x-context': ctx };
      if (b !== null) headers['content-type'] = 'application/json';
      fetch(p, { method: m, credentials: 'same-origin', headers, body: b ?? undefined })
        .then(async (r) => done({ status: r.status, body: (await r.json().catch(() => null)) as T }))
        .catch(() => done({ status: 0, body: null as T }));
    },
    method,
    path,
    context,
    body === undefined ? null : JSON.stringify(body),
  );
}

/** Discussions Upload ({client}/{region}/upload/discussions_upload/admin): the library and the drawer. */
export class DiscussionsUploadPage {
  get root() {
    return $('[data-testid="discussions-upload-page"]');
  }
  get drawer() {
    return $('[data-testid="discussion-drawer"]');
  }
  get nameInput() {
    return this.drawer.$('[data-testid="discussion-name"]');
  }
  get descriptionInput() {
    return this.drawer.$('[data-testid="discussion-description"]');
  }
  get saveButton() {
    return this.drawer.$('[data-testid="discussion-save"]');
  }
  get deleteButton() {
    return this.drawer.$('[data-testid="discussion-delete"]');
  }

  async open(regionPath: string) {
    await browser.url(`/${regionPath}/upload/discussions_upload/admin`);
    await this.root.waitForDisplayed({ timeout: 20000 });
    await $('[data-testid="discussions-library"], [data-testid="discussions-empty"]').waitForDisplayed({ timeout: 20000 });
  }

  item(name: string) {
    return $(`[data-testid="discussion-item"][data-name="${name}"]`);
  }

  async names(): Promise<string[]> {
    return $$('[data-testid="discussion-item"]').map(async (i) => (await i.getAttribute('data-name')) ?? '');
  }

  async newDiscussion() {
    await clickWhenSettled(
      () => $('[data-testid="new-discussion"]'),
      async () => this.drawer.isDisplayed(),
    );
  }

  async edit(name: string) {
    await clickWhenSettled(
      () => this.item(name).$('button'),
      async () => this.drawer.isDisplayed(),
    );
  }

  async fill(name: string, description?: string) {
    await this.nameInput.setValue(name);
    if (description !== undefined) await this.descriptionInput.setValue(description);
  }

  /** Save (or Delete) and wait for the drawer to close. */
  async finish(button: 'save' | 'delete') {
    await clickWhenSettled(
      () => (button === 'save' ? this.saveButton : this.deleteButton),
      async () => !(await this.drawer.isExisting()),
    );
  }

  /** Step 3: the edited template, by its path on this machine (the browser runs here too). */
  async chooseFile(path: string) {
    await this.drawer.$('#discussion-file').setValue(path);
  }

  /**
   * Waits for a toast, also one already gone: the notices last 4 s, which a loaded machine can
   * spend between the click and the first look, so every toast shown since the page loaded is
   * recorded in the page (shell/Toasts).
   */
  async waitForToast(text: string) {
    await toastShown(text);
  }
}
