import { ConfigStoreToken, useService } from '@discovery/platform';
import { smallBaseThreshold } from '../common';

/** Issue 27 §2: the deployment's small-base threshold (GET /api/v1/config `small_base`; the default until it is read). */
export function useSmallBase(): number {
  return smallBaseThreshold(useService(ConfigStoreToken).config?.small_base);
}
