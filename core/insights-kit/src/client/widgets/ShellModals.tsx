import { Button, Classes, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import {
  audienceTypeLabelKey,
  ConfigStoreToken,
  formatCount,
  formatDate,
  HierarchyStoreToken,
  RouteTableToken,
  SessionStoreToken,
  useService,
} from '@discovery/platform';
import { AppDialog } from '@discovery/ui';
import { audienceDetailRoute } from '../../common/audiences';
import { ShellModalsToken } from '../tokens';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** SHELL-090: why a count can be zero, with a link to support. */
export const ZeroCountModal = observer(function ZeroCountModal() {
  const modals = useService(ShellModalsToken);
  const config = useService(ConfigStoreToken).config;
  const { t } = useTranslation();
  return (
    <AppDialog isOpen={modals.zeroCountOpen} onClose={() => modals.closeZeroCount()} title={t('zeroCount.title')} icon="info-sign">
      <DialogBody>
        <p data-testid="zero-count-intro">{t('zeroCount.intro')}</p>
        <ul>
          {(['expiration', 'membership', 'deletion'] as const).map((k) => (
            <li key={k}>
              <strong>{t(`zeroCount.${k}`)}</strong> ({t(`zeroCount.${k}Text`)})
            </li>
          ))}
        </ul>
        {config?.support_url && (
          <a href={config.support_url} target="_blank" rel="noopener">
            {t('zeroCount.support')}
          </a>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('zeroCount.close')} onClick={() => modals.closeZeroCount()} />} />
    </AppDialog>
  );
});

/** SHELL-012 DESIGN: name, type, people count, created date and a link to the detail page. */
export const AudienceDetailsModal = observer(function AudienceDetailsModal() {
  const modals = useService(ShellModalsToken);
  const hierarchy = useService(HierarchyStoreToken);
  const routes = useService(RouteTableToken);
  const session = useService(SessionStoreToken);
  const { t } = useTranslation();
  const a = modals.audience;
  let href: string | null;
  try {
    // Issue 27 §6: the link only for a user who can open the detail page (the nav's check).
    href = a && routes.canOpen(audienceDetailRoute, session.snapshot) ? audienceDetailRoute.link(hierarchy.selection, { type: a.type, id: a.id }) : null;
  } catch {
    href = null;
  }
  return (
    <AppDialog isOpen={a !== null} onClose={() => modals.closeAudienceDetails()} title={t('audienceDetails.title')}>
      {a && (
        <DialogBody>
          <HTMLTable className={Classes.HTML_TABLE} style={{ width: '100%' }}>
            <tbody>
              <tr>
                <th>{t('audienceDetails.name')}</th>
                <td>{a.name}</td>
              </tr>
              <tr>
                <th>{t('audienceDetails.type')}</th>
                <td>{t(audienceTypeLabelKey(a))}</td>
              </tr>
              <tr>
                <th>{t('audienceDetails.people')}</th>
                <td>{formatCount(a.people)}</td>
              </tr>
              <tr>
                <th>{t('audienceDetails.created')}</th>
                <td>{formatDate(a.created_at)}</td>
              </tr>
            </tbody>
          </HTMLTable>
        </DialogBody>
      )}
      <DialogFooter
        actions={
          href ? (
            <Link className="bp6-button bp6-intent-primary" to={href} onClick={() => modals.closeAudienceDetails()}>
              {t('audienceDetails.open')}
            </Link>
          ) : undefined
        }
      />
    </AppDialog>
  );
});

/** Both modals, as one overlay the shell draws over every page. */
export function InsightModals() {
  return (
    <>
      <ZeroCountModal />
      <AudienceDetailsModal />
    </>
  );
}
