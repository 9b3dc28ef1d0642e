import { HierarchyStoreToken, homePathFor, NO_CLIENT_WARNING, useService } from '@discovery/platform';
import { StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';

/**
 * /home, {client}/home and {client}/{region}/{brand}/home: on to the fullest home of that context,
 * completing it with the current selection, then the defaults (SHELL-027, A-10).
 */
const HomeRedirect = observer(function HomeRedirect() {
  const hierarchy = useService(HierarchyStoreToken);
  const { t } = useTranslation();
  const { clientSlug, regionSlug, brandSlug } = useParams();
  const target = clientSlug
    ? homePathFor(hierarchy.tree, { client: clientSlug, region: regionSlug, brand: brandSlug })
    : (homePathFor(hierarchy.tree, hierarchy.selection) ?? hierarchy.defaultHomePath);
  if (!target) return <StateMessage level={1} icon="warning-sign" title={t(NO_CLIENT_WARNING.key)} />;
  return <Navigate to={target} replace />;
});

export default HomeRedirect;
