import { FakeServer, renderInShell } from '@discovery/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { discussionNodeEndpoints as E, type DiscussionClusterNodeDto } from '../../common';
import plugin from '../index';

const ROUTE = '/acme/us/upload/discussions_upload/admin';
const ALL = { create: true, read: true, update: true, destroy: true };
const node = (id: number, name: string, over: Partial<DiscussionClusterNodeDto> = {}): DiscussionClusterNodeDto => ({
  id,
  name,
  description: `About ${name}`,
  discussion_clusters: [{ id: id * 10, name: 'Espresso purists', size: 34 }],
  sub_markets: [],
  journey_sub_markets: [],
  in_use: false,
  ...over,
});

function server(
  permissions: Record<string, typeof ALL> = { upload: ALL, upload_discussions: ALL },
  nodes = [node(1, 'Coffee lovers forum', { sub_markets: [4], in_use: true }), node(2, 'Weekend runners')],
) {
  const s = new FakeServer().signedIn({ permissions }).on(E.list, { data: nodes });
  s.install();
  return s;
}

const items = () => screen.getAllByTestId('discussion-item').map((i) => i.getAttribute('data-name'));

describe('Discussions Upload page', () => {
  beforeEach(() => localStorage.clear());

  it("UPL-020 header 'Discussions Upload', 'New Discussion' and the library of the client's discussions", async () => {
    server();
    await renderInShell([plugin], ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Discussions Upload' })).toBeTruthy();
    expect(screen.getByTestId('new-discussion').textContent).toBe('New Discussion');
    await waitFor(() => expect(items()).toEqual(['Coffee lovers forum', 'Weekend runners']));
    expect(within(screen.getAllByTestId('discussion-item')[0]).getByTestId('cluster-count').textContent).toBe('1 cluster');
  });

  it("UPL-002 without upload and upload_discussions the page is the shared 'Missing Permissions' state", async () => {
    const s = server({ upload_discussions: ALL });
    await renderInShell([plugin], ROUTE);
    expect(await screen.findByRole('heading', { name: 'Missing Permissions' })).toBeTruthy();
    expect(s.callsTo(E.list)).toHaveLength(0);
  });

  it("UPL-021 / UPL-022 / UPL-023 / UPL-028 / UPL-029 'New Discussion' opens 'Create Cluster'; Save needs a name, then POSTs and says 'Save Complete'", async () => {
    const s = server();
    s.on(E.create, ({ body }) => ({ status: 201, body: { data: node(9, (body as any).discussion_cluster_node.name) } }));
    await renderInShell([plugin], ROUTE);
    fireEvent.click(await screen.findByTestId('new-discussion'));
    const drawer = await screen.findByTestId('discussion-drawer');
    expect(drawer.getAttribute('data-width')).toBe('600');
    expect(within(drawer).getByRole('heading', { name: 'Create Cluster' })).toBeTruthy();
    expect(within(drawer).queryByTestId('discussion-delete')).toBeNull();
    const save = within(drawer).getByTestId('discussion-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(drawer).getByTestId('discussion-name'), { target: { value: '   ' } });
    expect(within(drawer).getByText('Cluster name is required.')).toBeTruthy();
    fireEvent.change(within(drawer).getByTestId('discussion-name'), { target: { value: 'Tea drinkers' } });
    fireEvent.change(within(drawer).getByTestId('discussion-description'), { target: { value: 'Leaf and bag' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('discussion-drawer')).toBeNull());
    expect(s.callsTo(E.create)[0].body).toEqual({ discussion_cluster_node: { name: 'Tea drinkers', description: 'Leaf and bag' } });
    expect(await screen.findByText('Save Complete')).toBeTruthy();
    expect(items()).toEqual(['Coffee lovers forum', 'Tea drinkers', 'Weekend runners']);
  });

  it("UPL-026 / UPL-027 'Edit Cluster': Delete is disabled with the tooltip for a discussion in use; 'Show Rules' reveals the rules card", async () => {
    server();
    await renderInShell([plugin], ROUTE);
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Open Coffee lovers forum' }));
    const drawer = await screen.findByTestId('discussion-drawer');
    expect(within(drawer).getByRole('heading', { name: 'Edit Cluster' })).toBeTruthy();
    expect((within(drawer).getByTestId('discussion-name') as HTMLInputElement).value).toBe('Coffee lovers forum');
    expect((within(drawer).getByTestId('discussion-delete') as HTMLButtonElement).disabled).toBe(true);
    expect(within(drawer).getByTestId('discussion-delete-blocked').getAttribute('aria-label')).toBe(
      'This discussion is used by audiences or journeys and cannot be deleted.',
    );
    const toggle = within(drawer).getByTestId('discussion-rules-toggle');
    expect(toggle.textContent).toBe('Show Rules');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Hide Rules');
    const rules = within(drawer).getByTestId('discussion-rules');
    expect(within(rules).getByRole('heading', { name: 'Rules for Discussions Bulk Uploader' })).toBeTruthy();
    expect(rules.textContent).toContain('Size (column D) is a whole number between 1 and 100.');
    fireEvent.click(within(drawer).getByTestId('discussion-cancel'));
    await waitFor(() => expect(screen.queryByTestId('discussion-drawer')).toBeNull());
  });

  it("UPL-026 / UPL-030 an unused discussion is deleted; a failed save says 'Discussion Cluster could not be saved. Please try again.'", async () => {
    const s = server();
    s.on(E.remove, { data: { message: 'Discussion deleted.' } });
    s.on(E.update, () => ({ status: 500, body: { error: { message: 'boom', status: 500 } } }));
    await renderInShell([plugin], ROUTE);
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Open Weekend runners' }));
    let drawer = await screen.findByTestId('discussion-drawer');
    fireEvent.click(within(drawer).getByTestId('discussion-save'));
    expect(await screen.findByText('Discussion Cluster could not be saved. Please try again.')).toBeTruthy();
    drawer = screen.getByTestId('discussion-drawer');
    fireEvent.click(within(drawer).getByTestId('discussion-delete'));
    await waitFor(() => expect(items()).toEqual(['Coffee lovers forum']));
    expect(s.callsTo(E.remove)[0].url).toMatch(/\/discussion_cluster_nodes\/2$/);
  });
  it("UPL-003 / UPL-024 / UPL-028 / UPL-029 a new discussion with an .xls: saved first, then uploaded with its name; 'Upload complete'", async () => {
    const s = server();
    s.on(E.create, ({ body }) => ({ status: 201, body: { data: node(9, (body as any).discussion_cluster_node.name, { discussion_clusters: [] }) } }));
    s.on(E.upload, () => ({ body: { data: { updated: node(9, 'Tea drinkers') }, errors: [] } }));
    await renderInShell([plugin], ROUTE);
    fireEvent.click(await screen.findByTestId('new-discussion'));
    const drawer = await screen.findByTestId('discussion-drawer');
    const steps = within(drawer).getByTestId('discussion-steps');
    expect(steps.textContent).toContain('Download Template');
    expect(steps.textContent).toContain('Upload Edited File');
    const input = drawer.querySelector('#discussion-file') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.xls');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.xlsx')] } });
    expect(within(drawer).getByText('Please select an .xls file.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'Discussion_Template.xls')] } });
    expect(within(drawer).queryByText('Please select an .xls file.')).toBeNull();
    expect(within(drawer).getByTestId('discussion-file').textContent).toBe('Chosen: Discussion_Template.xls');
    fireEvent.change(within(drawer).getByTestId('discussion-name'), { target: { value: 'Tea drinkers' } });
    fireEvent.click(within(drawer).getByTestId('discussion-save'));
    expect(await screen.findByText('Upload complete')).toBeTruthy();
    expect(s.callsTo(E.create)).toHaveLength(1);
    expect(s.callsTo(E.upload)[0].url).toMatch(/\/discussion_cluster_nodes\/9\/upload$/);
    await waitFor(() => expect(screen.queryByTestId('discussion-drawer')).toBeNull());
  });

  it('UPL-025 / UPL-030 / UPL-031 the drawer shows the Discussion ID; an upload with failed rows changes nothing, says how many rows failed and lists them', async () => {
    const s = server();
    s.on(E.upload, () => ({
      status: 422,
      body: {
        error: {
          message: '1 row has errors: nothing was uploaded. Fix them and upload again.',
          status: 422,
          fields: { D4: 'Size must be a whole number between 1 and 100.' },
        },
        errors: [{ column: 'D', row: 4, message: 'Size must be a whole number between 1 and 100.' }],
        failed_rows: 1,
      },
    }));
    await renderInShell([plugin], ROUTE);
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Open Weekend runners' }));
    const drawer = await screen.findByTestId('discussion-drawer');
    expect(within(drawer).getByTestId('discussion-id').textContent).toBe('Discussion ID: 2');
    const input = drawer.querySelector('#discussion-file') as HTMLInputElement;
    // Past the upload's limit the file is refused at once, before anything is sent.
    const big = new File(['x'], 'Discussion_Template.xls');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(within(drawer).getByText('The file is too large: this upload takes at most 5 MB.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'Discussion_Template.xls')] } });
    fireEvent.click(within(drawer).getByTestId('discussion-save'));
    expect(await screen.findByText('Discussion Cluster could not be saved. Please try again. 1 row of the file failed: nothing was uploaded.')).toBeTruthy();
    // One call: the name and description travel with the file; nothing else was saved.
    expect([s.callsTo(E.update).length, s.callsTo(E.upload).length]).toEqual([0, 1]);
    const errors = await within(screen.getByTestId('discussion-drawer')).findByTestId('discussion-upload-errors');
    expect(errors.textContent).toContain('Errors found in Uploaded Template');
    expect([...errors.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['D', '4', 'Size must be a whole number between 1 and 100.']);
  });
});
