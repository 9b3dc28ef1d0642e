import { discussionNodeEndpoints, selectableNodes, type DiscussionClusterNodeDto } from '@discovery/plugin-discussions/common';
import { createToken } from '@discovery/plugin-api';
import { settle, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, runInAction } from 'mobx';

export const DiscussionNodesStoreToken = createToken<DiscussionNodesStore>('insights-grow:DiscussionNodesStore');

/** The client's discussion cluster nodes for the audience form's dropdown (GROW-069..071). */
export class DiscussionNodesStore {
  /** null until the first answer. */
  nodes: DiscussionClusterNodeDto[] | null = null;
  failed = false;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<DiscussionNodesStore, 'api'>(this, { api: false });
  }

  /** GROW-069: only nodes with clusters, by name case-insensitively (the rule is the discussions plugin's). */
  get selectable(): DiscussionClusterNodeDto[] {
    return selectableNodes(this.nodes ?? []);
  }

  /** GROW-071: fetched each time an audience is under edit, so a discussion uploaded meanwhile is there. */
  load(): Settled<void> {
    return settle(
      this.api.call(discussionNodeEndpoints.list, undefined, { silent: true }).then((res) => {
        runInAction(() => {
          this.nodes = res.data;
          this.failed = false;
        });
      }),
      () => {
        runInAction(() => {
          this.nodes = [];
          this.failed = true;
        });
      },
    );
  }
}
