/** Page object for the insights-journey page. */
export class InsightsJourneyPage {
  get root() {
    return $('[data-testid="insights-journey-page"]');
  }
  get nameInput() {
    return $('#insights-journey-name');
  }
  get addButton() {
    return this.root.$('button[type="submit"]');
  }
  get rows() {
    return $$('[data-testid="insights-journey-items"] tbody tr');
  }
  async open(context: string) {
    await browser.url(`/${context}/insights-journey`);
    await this.root.waitForDisplayed();
  }
  async add(name: string) {
    await this.nameInput.setValue(name);
    await this.addButton.click();
  }
}
