/** Page object for the discussions page. */
export class DiscussionsPage {
  get root() {
    return $('[data-testid="discussions-page"]');
  }
  get nameInput() {
    return $('#discussions-name');
  }
  get addButton() {
    return this.root.$('button[type="submit"]');
  }
  get rows() {
    return $$('[data-testid="discussions-items"] tbody tr');
  }
  async open(context: string) {
    await browser.url(`/${context}/discussions`);
    await this.root.waitForDisplayed();
  }
  async add(name: string) {
    await this.nameInput.setValue(name);
    await this.addButton.click();
  }
}
