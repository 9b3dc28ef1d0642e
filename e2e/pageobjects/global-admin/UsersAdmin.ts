import { clickWhenSettled } from '../shell/Shell';

/**
 * Checks a Blueprint checkbox by its label: the input itself is transparent (not 'displayed' for
 * WebDriver), the label around it takes the click.
 */
async function check(testId: string) {
  const box = $(`[data-testid="${testId}"]`);
  await box.waitForExist({ timeout: 15000 });
  if (!(await box.isSelected())) await box.parentElement().click();
  await browser.waitUntil(async () => box.isSelected(), { timeout: 5000, timeoutMsg: `${testId} never got checked` });
}

/** The global admin's Users screen (issue 32 §1) and its invite / roles-and-access dialog. */
export class UsersAdmin {
  get table() {
    return $('[data-testid="users-table"]');
  }
  get form() {
    return $('[data-testid="user-form"]');
  }
  row(email: string) {
    return $(`[data-testid="user-row"][data-email="${email}"]`);
  }

  async open() {
    await browser.url('/global/admin/users');
    await this.table.waitForDisplayed({ timeout: 20000 });
  }

  /** Searches by name or email and waits for the row of `email`. */
  async find(email: string) {
    const q = $('[data-testid="users-q"]');
    await q.clearValue();
    await q.setValue(email);
    await $('[data-testid="users-search"]').click();
    await this.row(email).waitForDisplayed({ timeout: 15000 });
  }

  /** Invites a user (no roles, no access yet) and answers the one-time link shown. */
  async invite(email: string, firstName: string, lastName: string): Promise<string> {
    await clickWhenSettled(
      () => $('[data-testid="users-invite"]'),
      () => this.form.isDisplayed(),
    );
    for (const [field, value] of [
      ['email', email],
      ['firstName', firstName],
      ['lastName', lastName],
    ]) {
      await $(`[data-testid="user-${field}"]`).setValue(value);
    }
    await $('[data-testid="user-save"]').click();
    const link = $('[data-testid="invite-link-value"]');
    await link.waitForDisplayed({ timeout: 15000 });
    return link.getValue();
  }

  /** Opens the user's roles and access dialog. */
  async edit(email: string) {
    await clickWhenSettled(
      () => $(`[data-testid="user-edit-${email}"]`),
      () => this.form.isDisplayed(),
    );
  }

  async checkRole(name: string) {
    await check(`edit-role-${name}`);
  }

  /** Grants one node of the tree picker, opening its ancestors (slugs 'acme', 'acme/us', ...). */
  async grant(fullSlug: string) {
    const parts = fullSlug.split('/');
    for (let i = 1; i < parts.length; i++) {
      const ancestor = parts.slice(0, i).join('/');
      const child = parts.slice(0, i + 1).join('/');
      await clickWhenSettled(
        () => $(`[data-testid="edit-expand-${ancestor}"]`),
        () => $(`[data-testid="edit-grant-${child}"]`).isExisting(),
      );
    }
    await check(`edit-grant-${fullSlug}`);
  }

  /** Saves the dialog and waits for it to close. */
  async save() {
    await $('[data-testid="user-save"]').click();
    await this.form.waitForExist({ reverse: true, timeout: 15000 });
  }
}
