/** Page object for the brands-admin page. */
export class BrandsAdminPage {
  get root() {
    return $('[data-testid="brands-admin-page"]');
  }
  get nameInput() {
    return $('#brands-admin-name');
  }
  get addButton() {
    return this.root.$('button[type="submit"]');
  }
  get rows() {
    return $$('[data-testid="brands-admin-items"] tbody tr');
  }
  async open(context: string) {
    await browser.url(`/${context}/brands-admin`);
    await this.root.waitForDisplayed();
  }
  async add(name: string) {
    await this.nameInput.setValue(name);
    await this.addButton.click();
  }
}
