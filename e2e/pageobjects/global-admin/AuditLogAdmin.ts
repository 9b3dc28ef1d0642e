/** The global admin's audit log screen (issue 32 §4). */
export class AuditLogAdmin {
  async open() {
    await browser.url('/global/admin/audit');
    await $('[data-testid="audit-search"]').waitForDisplayed({ timeout: 20000 });
  }

  /** Filters by resource (and user, when given) and answers the texts of the rows shown. */
  async rows(filters: { resource?: string; user?: string }): Promise<string[]> {
    for (const key of ['user', 'resource'] as const) {
      const input = $(`[data-testid="audit-filter-${key}"]`);
      await input.clearValue();
      if (filters[key]) await input.setValue(filters[key]);
    }
    await $('[data-testid="audit-search"]').click();
    // The search is done when the page shows the answer to these filters (it names them).
    const want = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
    const page = $('[data-testid="audit-log"]');
    await browser.waitUntil(
      async () => {
        if ((await page.getAttribute('data-state')) !== 'ready') return false;
        const applied = new URLSearchParams((await page.getAttribute('data-applied')) ?? '');
        return [...want].every(([k, v]) => applied.get(k) === v);
      },
      { timeout: 15000, timeoutMsg: `the audit log never answered ${want.toString()}` },
    );
    const out: string[] = [];
    for (const r of await $$('[data-testid="audit-row"]')) out.push(await r.getText());
    return out;
  }
}
