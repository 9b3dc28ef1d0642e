import { clickWhenSettled } from '../shell/Shell';

/** The Clients block of the global admin dashboard and its client form (BRAND-059). */
export class ClientsAdmin {
  get table() {
    return $('[data-testid="clients-table"]');
  }
  get form() {
    return $('[data-testid="client-form"]');
  }
  row(slug: string) {
    return $(`[data-testid="client-row"][data-client="${slug}"]`);
  }

  async open() {
    await browser.url('/global/admin/dashboard');
    await this.table.waitForDisplayed({ timeout: 20000 });
  }

  async startNew() {
    await clickWhenSettled(
      () => $('[data-testid="client-add"]'),
      () => this.form.isDisplayed(),
    );
  }

  async edit(slug: string) {
    await clickWhenSettled(
      () => $(`[data-testid="client-edit-${slug}"]`),
      () => this.form.isDisplayed(),
    );
  }

  async fill(field: 'name' | 'slug' | 'company-id' | 'region-name-0' | 'region-name-1', value: string) {
    const input = $(`[data-testid="client-${field}"]`);
    await input.waitForDisplayed();
    await input.clearValue();
    await input.setValue(value);
  }

  async save() {
    await $('[data-testid="client-save"]').click();
  }

  /** The messages shown under the form's fields. */
  async fieldMessages(): Promise<string[]> {
    const els = await this.form.$$('.bp6-form-helper-text');
    const out: string[] = [];
    for (const el of els) out.push(await el.getText());
    return out.filter(Boolean);
  }
}
