import { Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { formatCount, formatDate, HierarchyStoreToken, useService } from '@discovery/platform';
import { Heading, LoadError, LoadingSpinner, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedType } from '../../common';
import { SharingStoreToken } from '../stores/SharingStore';

const TYPE_INTENT: Record<SharedType, 'primary' | 'success' | 'none'> = { audience: 'none', motivation: 'success', lookalike: 'primary' };

/**
 * 'Shared with you' (EXP-052/053): the audiences, motivations and lookalikes other clients shared
 * with this client, one list sorted by name with each row's type, where it was made and its people.
 * A context change reloads it. Sharing is not a grant: the rows name the items, they do not open them.
 */
export const SharedWithYou = observer(function SharedWithYou() {
  const { t } = useTranslation('audiences');
  const store = useService(SharingStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const context = hierarchy.fullSlug;

  useEffect(() => {
    void store.load(context);
  }, [store, context]);

  const res = store.sharing;
  return (
    <section aria-labelledby="audiences-shared-title" data-testid="audiences-shared" style={{ marginTop: 24 }}>
      <Heading level={2} look={4} id="audiences-shared-title">
        {t('shared.heading')}
      </Heading>
      <p className={Classes.TEXT_MUTED}>{t('shared.hint')}</p>
      {res.error ? (
        <LoadError level={3} error={res.error} onRetry={() => store.load(context)} data-testid="audiences-shared-error" />
      ) : res.status !== 'ready' ? (
        <LoadingSpinner size={20} />
      ) : store.items.length === 0 ? (
        <StateMessage level={3} icon="share" title={t('shared.empty')} data-testid="audiences-shared-empty" />
      ) : (
        <HTMLTable striped compact style={{ width: '100%' }} data-testid="audiences-shared-table">
          <thead>
            <tr>
              <th scope="col">{t('shared.name')}</th>
              <th scope="col">{t('shared.type')}</th>
              <th scope="col">{t('shared.client')}</th>
              <th scope="col">{t('shared.from')}</th>
              <th scope="col">{t('shared.people')}</th>
              <th scope="col">{t('shared.sharedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((i) => (
              <tr key={i.share_id} data-testid="audiences-shared-row">
                <th scope="row" style={{ fontWeight: 'normal' }}>
                  {i.name}
                </th>
                <td>
                  <Tag minimal intent={TYPE_INTENT[i.type]} data-testid="audiences-shared-type">
                    {t(`shared.types.${i.type}`)}
                  </Tag>
                </td>
                <td>{i.source.client}</td>
                <td>{[i.source.region, i.source.brand, i.source.product].join(' > ')}</td>
                <td>{i.people === null ? '–' : formatCount(i.people)}</td>
                <td>{formatDate(i.shared_at)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
});
