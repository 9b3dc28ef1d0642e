/** The invitation link's page, where an invitee sets their password (issue 32 §1). */
export class SetPassword {
  get form() {
    return $('[data-testid="set-password-form"]');
  }

  async open(link: string) {
    const u = new URL(link);
    await browser.url(u.pathname + u.search);
    await this.form.waitForDisplayed({ timeout: 20000 });
  }

  async setPassword(password: string) {
    await $('[data-testid="set-password-password"]').setValue(password);
    await $('[data-testid="set-password-confirm"]').setValue(password);
    await $('[data-testid="set-password-submit"]').click();
    await $('[data-testid="set-password-done"]').waitForDisplayed({ timeout: 15000 });
  }

  /** What the page says of a link it cannot use. */
  async invalidText(): Promise<string> {
    const el = $('[data-testid="set-password-invalid"]');
    await el.waitForDisplayed({ timeout: 15000 });
    return el.getText();
  }
}
