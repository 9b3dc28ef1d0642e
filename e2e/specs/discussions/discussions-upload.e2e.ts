import * as XLSX from '@e965/xlsx';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiscussionsUploadPage, apiCall } from '../../pageobjects/discussions/DiscussionsUploadPage';
import { LoginPage } from '../../pageobjects/shell/LoginPage';

const page = new DiscussionsUploadPage();
const REGION = 'acme/us';
const PRODUCT = 'acme/us/fizz-cola/fizz-zero';
// Sorts after the seeded discussions, and is deleted again by the last step.
const NAME = 'Zz e2e tea drinkers';

interface SubMarket {
  id: number;
  name: string;
  tag: string;
  population: number;
  matched_short_id: string | null;
  modeled_short_id: string | null;
  webo_cluster_id: string | null;
  discussion_cluster_node_id: number | null;
  in_prediction_model: boolean;
}

/** Points an audience of the product's first Grow chart at a discussion (or none); answers the audience. */
async function pointAudienceAt(nodeId: number | null): Promise<SubMarket> {
  const list = await apiCall<{ data: { id: number }[] }>('GET', '/api/v1/insights-grow/mekkos', PRODUCT);
  const chart = await apiCall<{ data: { markets: { sub_markets: SubMarket[] }[] } }>('GET', `/api/v1/insights-grow/mekkos/${list.body.data[0].id}`, PRODUCT);
  // One no prediction model uses: saving an audience deletes its models (SRV-077).
  const a = chart.body.data.markets.flatMap((k) => k.sub_markets).find((x) => !x.in_prediction_model)!;
  const { id, in_prediction_model: _model, ...rest } = a;
  const res = await apiCall('PUT', `/api/v1/insights-grow/sub_markets/${id}`, PRODUCT, {
    sub_market: { ...rest, population: String(rest.population), discussion_cluster_node_id: nodeId },
  });
  if (res.status !== 200) throw new Error(`PUT sub_market answered ${res.status}: ${JSON.stringify(res.body)}`);
  return a;
}

describe('discussions: Discussions Upload', () => {
  before(async () => {
    await new LoginPage().loginAs('admin@example.com');
  });

  it("UPL-020 UPL-021 UPL-028 UPL-029 creates a discussion in the 'Create Cluster' drawer: 'Save Complete'", async () => {
    await page.open(REGION);
    await expect($('h1=Discussions Upload')).toBeDisplayed();
    expect(await page.names()).toEqual(expect.arrayContaining(['Coffee lovers forum', 'Product launch reactions']));
    await page.newDiscussion();
    await expect(page.drawer.$('h2')).toHaveText('Create Cluster');
    await expect(page.saveButton).toBeDisabled();
    await page.fill(NAME, 'Created by the browser test');
    await page.finish('save');
    await page.waitForToast('Save Complete');
    await expect(page.item(NAME)).toBeDisplayed();
  });

  it("UPL-021 UPL-028 edits it in the 'Edit Cluster' drawer", async () => {
    await page.edit(NAME);
    await expect(page.drawer.$('h2')).toHaveText('Edit Cluster');
    await expect(page.nameInput).toHaveValue(NAME);
    await page.fill(`${NAME} club`);
    await page.finish('save');
    await expect(page.item(`${NAME} club`)).toBeDisplayed();
    expect(await page.names()).not.toContain(NAME);
  });

  it('UPL-024 UPL-025 UPL-028 UPL-029 UPL-030 UPL-031 an edited .xls template with a bad row changes nothing and lists it; fixed, its rows become the clusters', async () => {
    const nodes = await apiCall<{ data: { id: number; name: string }[] }>('GET', '/api/v1/discussions/discussion_cluster_nodes', REGION);
    const id = nodes.body.data.find((n) => n.name === `${NAME} club`)!.id;
    const template = (last: number) => {
      const wb = XLSX.utils.book_new();
      const rows = [
        ['Discussion ID', 'Discussion Name', 'Cluster Name', 'Size'],
        [id, `${NAME} club`, 'Green tea', 40],
        [id, `${NAME} club`, 'Chai', last],
      ];
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Discussion');
      const file = join(mkdtempSync(join(tmpdir(), 'discussions-e2e-')), 'Discussion_Template.xls');
      writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
      return file;
    };

    await page.edit(`${NAME} club`);
    await expect(page.drawer.$('[data-testid="discussion-id"]')).toHaveText(`Discussion ID: ${id}`);
    await page.chooseFile(template(101));
    await expect(page.drawer.$('[data-testid="discussion-file"]')).toHaveText(expect.stringContaining('Discussion_Template.xls'));
    await page.saveButton.click();
    await page.waitForToast('Discussion Cluster could not be saved. Please try again. 1 row of the file failed: nothing was uploaded.');
    const errors = page.drawer.$('[data-testid="discussion-upload-errors"]');
    await expect(errors).toHaveText(expect.stringContaining('Size must be a whole number between 1 and 100.'));
    await page.chooseFile(template(25));
    await page.saveButton.click();
    await page.waitForToast('Upload complete');
    await expect(page.item(`${NAME} club`).$('[data-testid="cluster-count"]')).toHaveText('2 clusters');
  });

  it('UPL-027 SRV-091 a discussion a Grow audience uses cannot be deleted: Delete is disabled with the tooltip', async () => {
    const nodes = await apiCall<{ data: { id: number; name: string }[] }>('GET', '/api/v1/discussions/discussion_cluster_nodes', REGION);
    const coffee = nodes.body.data.find((n) => n.name === 'Coffee lovers forum')!;
    const before = await pointAudienceAt(coffee.id);
    try {
      await page.open(REGION);
      await expect(page.item('Coffee lovers forum').$('[data-testid="in-use"]')).toBeDisplayed();
      await page.edit('Coffee lovers forum');
      await expect(page.deleteButton).toBeDisabled();
      await page.drawer.$('[data-testid="discussion-delete-blocked"]').moveTo();
      await expect($('.bp6-tooltip')).toHaveText('This discussion is used by audiences or journeys and cannot be deleted.');
      // The server refuses too.
      const del = await apiCall<{ error: { message: string } }>('DELETE', `/api/v1/discussions/discussion_cluster_nodes/${coffee.id}`, REGION);
      expect([del.status, del.body.error.message]).toEqual([409, 'This discussion is used by audiences or journeys and cannot be deleted.']);
    } finally {
      await pointAudienceAt(before.discussion_cluster_node_id);
    }
  });

  it('UPL-026 deletes an unused discussion', async () => {
    await page.open(REGION);
    await page.edit(`${NAME} club`);
    await expect(page.deleteButton).toBeEnabled();
    await page.finish('delete');
    await page.waitForToast('Discussion deleted.');
    expect(await page.names()).not.toContain(`${NAME} club`);
  });
});
