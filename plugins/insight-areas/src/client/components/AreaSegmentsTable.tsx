import { Checkbox, HTMLTable } from '@blueprintjs/core';
import { SaveAudienceButton } from '@discovery/insights-kit';
import { formatCount } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AreaSegmentDto } from '../../common';
import type { AreaStore } from '../stores/AreaStore';

export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/**
 * The area's segments with their counts, share of the base and the index of the brand's
 * customers (EXP-049 DESIGN): a row is selected for Save Audience, or made an audience of its own
 * with 'Create Audience'.
 */
export const AreaSegmentsTable = observer(function AreaSegmentsTable(props: {
  store: AreaStore;
  customersName: string;
  canCreate: boolean;
  returnUrl: string;
}) {
  const { t } = useTranslation('insight-areas');
  const { store } = props;
  const create = (r: AreaSegmentDto) => () => store.draft([r]);
  return (
    <HTMLTable compact striped style={{ width: '100%' }} data-testid="area-segments">
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '8px 0' }}>{t('table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.select')}</th>
          <th scope="col">{t('table.segment')}</th>
          <th scope="col" style={{ textAlign: 'right' }}>
            {t('table.people')}
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            {t('table.share')}
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            {t('table.customers', { name: props.customersName })}
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            {t('table.index')}
          </th>
          {props.canCreate && <th scope="col">{t('table.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {store.rows.map((r) => (
          <tr key={r.identifier} data-testid={`area-segment-${r.identifier}`}>
            <td>
              <Checkbox
                checked={store.selected.includes(r.identifier)}
                onChange={() => store.toggle(r.identifier)}
                aria-label={t('table.selectOne', { name: r.name })}
                style={{ margin: 0 }}
                data-testid={`area-select-${r.identifier}`}
              />
            </td>
            <th scope="row" style={{ fontWeight: 'normal' }}>
              <div>{r.name}</div>
              <div className="bp6-text-muted bp6-text-small">{r.path}</div>
            </th>
            <td style={{ textAlign: 'right' }}>{formatCount(r.count)}</td>
            <td style={{ textAlign: 'right' }}>{percent(r.share)}</td>
            <td style={{ textAlign: 'right' }}>
              {formatCount(r.customers)} ({percent(r.customer_share)})
            </td>
            <td style={{ textAlign: 'right' }}>{r.index === null ? '–' : Math.round(r.index)}</td>
            {props.canCreate && (
              <td>
                <SaveAudienceButton text={t('createAudience')} draft={create(r)} returnUrl={props.returnUrl} testId={`area-create-${r.identifier}`} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
});
