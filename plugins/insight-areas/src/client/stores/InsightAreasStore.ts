import { createToken } from '@discovery/plugin-api';
import type { ApiClient } from '@discovery/platform';
import type { AreaId } from '../../common';
import { AreaStore } from './AreaStore';

export const InsightAreasStoreToken = createToken<InsightAreasStore>('insight-areas:InsightAreasStore');

/** One AreaStore per area, made on the area's first visit and kept for the session. */
export class InsightAreasStore {
  private readonly stores = new Map<AreaId, AreaStore>();

  constructor(private readonly api: ApiClient) {}

  area(id: AreaId): AreaStore {
    let s = this.stores.get(id);
    if (!s) {
      s = new AreaStore(this.api, id);
      this.stores.set(id, s);
    }
    return s;
  }
}
