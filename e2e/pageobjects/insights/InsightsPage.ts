/** Page object for the insights page. */
export class InsightsPage {
  get root() {
    return $('[data-testid="insights-page"]');
  }
  get nameInput() {
    return $('#insights-name');
  }
  get addButton() {
    return this.root.$('button[type="submit"]');
  }
  get rows() {
    return $$('[data-testid="insights-items"] tbody tr');
  }
  async open(context: string) {
    await browser.url(`/${context}/insights`);
    await this.root.waitForDisplayed();
  }
  async add(name: string) {
    await this.nameInput.setValue(name);
    await this.addButton.click();
  }
}
