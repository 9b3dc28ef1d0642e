import { LoginPage } from '../../pageobjects/shell/LoginPage';
import { DiscussionsPage } from '../../pageobjects/discussions/DiscussionsPage';

describe('discussions', () => {
  it('adds an item and lists it', async () => {
    await new LoginPage().loginAs('admin@example.com');
    const page = new DiscussionsPage();
    await page.open('acme/us/fizz-cola/fizz-zero');
    await page.add('From the browser');
    await expect(page.root).toHaveText(expect.stringContaining('From the browser'));
  });
});
