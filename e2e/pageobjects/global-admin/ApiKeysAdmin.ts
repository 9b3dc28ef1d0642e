import { clickWhenSettled } from '../shell/Shell';

/** The global admin's API keys screen (issue 32 §3, SRV-025). */
export class ApiKeysAdmin {
  row(name: string) {
    return $(`[data-testid="api-key-row"][data-name="${name}"]`);
  }

  async open() {
    await browser.url('/global/admin/api-keys');
    await $('[data-testid="api-key-form"]').waitForDisplayed({ timeout: 20000 });
  }

  /** Creates a key and answers its secret, shown this once. */
  async create(name: string): Promise<string> {
    await $('[data-testid="api-key-name"]').setValue(name);
    await $('[data-testid="api-key-create"]').click();
    const secret = $('[data-testid="api-key-secret-value"]');
    await secret.waitForDisplayed({ timeout: 15000 });
    const value = await secret.getValue();
    await $('[data-testid="api-key-secret-dismiss"]').click();
    await secret.waitForExist({ reverse: true });
    await this.row(name).waitForDisplayed();
    return value;
  }

  async lastUsed(name: string): Promise<string> {
    return this.row(name).$('[data-testid="api-key-last-used"]').getText();
  }

  async revoke(name: string) {
    await clickWhenSettled(
      () => $(`[data-testid="api-key-revoke-${name}"]`),
      () => $('.bp6-alert').isDisplayed(),
    );
    await $('.bp6-alert-footer .bp6-intent-danger').click();
    await browser.waitUntil(async () => (await this.row(name).getAttribute('data-state')) === 'revoked', {
      timeoutMsg: `the key ${name} never showed as revoked`,
    });
  }
}
