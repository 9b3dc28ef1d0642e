import { Overview, SharedWithYou } from '../../pageobjects/audiences/Audiences';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

/**
 * Issue 30 §3 in Chromium: the demo's one share (Globex's 'Home décor shoppers 35-54' with Acme)
 * shows in Acme's 'Shared with you', for a user granted Acme only; Globex's other audiences do not;
 * a client nothing was shared with shows none.
 */
describe('audiences shared with you', () => {
  const overview = new Overview();
  const shared = new SharedWithYou();

  it('EXP-052 / SRV-067 a user granted Acme only sees what Globex shared with Acme, and only that', async () => {
    await new LoginPage().loginAs('viewer@example.com');
    await overview.open('acme/us/fizz-cola/fizz-zero');
    const rows = await shared.rows();
    expect(rows.map((r) => r.slice(0, 4))).toEqual([['Home décor shoppers 35-54', 'Audience', 'Globex Retail', 'Germany > Globex Home > Home Essentials']]);
    await expect(shared.root).not.toHaveText(expect.stringContaining('Home movers with families'));
  });

  it('EXP-053 another client’s context loads its own sharing data: nothing was shared with Globex', async () => {
    await new LoginPage().loginAs('planner@example.com');
    await overview.open('acme/us/fizz-cola/fizz-zero');
    expect((await shared.rows()).map((r) => r[0])).toEqual(['Home décor shoppers 35-54']);
    await overview.open('globex/de/globex-home/home-essentials');
    expect(await shared.rows()).toEqual([]);
    await expect(shared.empty).toHaveText(expect.stringContaining('Nothing has been shared with this client yet.'));
  });
});
