import { HTMLTable, Tag } from '@blueprintjs/core';
import { StateMessage, type HeadingLevel } from '@discovery/ui';
import { formatDate } from '@discovery/platform';
import { useTranslation } from 'react-i18next';
import { DISPLAY_STATE_COLOUR, isOpenEnded, type ActivationDto } from '../../common';

/** Blueprint's lime, pineapple and apple. */
const COLOURS = { lime: '#8eb125', pineapple: '#d1980b', apple: '#e0491e' } as const;

/** SHELL-111..114: Audience Name, Last Refresh, Sent Date, End Date ('-' when open-ended), Delivery Status. */
export function ActivationsTable({
  rows,
  level = 2,
}: {
  rows: ActivationDto[];
  /** The empty state's heading level, under the section that shows the table. */ level?: HeadingLevel;
}) {
  const { t } = useTranslation('audiences');
  if (rows.length === 0) return <StateMessage level={level} icon="send-to" title={t('ams.empty')} />;
  return (
    <HTMLTable striped style={{ width: '100%' }} data-testid="activations-table">
      <thead>
        <tr>
          <th>{t('ams.audienceName')}</th>
          <th>{t('ams.lastRefresh')}</th>
          <th>{t('ams.sentDate')}</th>
          <th>{t('ams.endDate')}</th>
          <th>{t('ams.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.activationId}>
            <td>{r.audienceName}</td>
            <td>{formatDate(r.lastRefresh)}</td>
            <td>{formatDate(r.sentDate)}</td>
            <td>{isOpenEnded(r.endDate) ? '-' : formatDate(r.endDate)}</td>
            <td>
              <Tag
                round
                style={{ background: COLOURS[DISPLAY_STATE_COLOUR[r.displayState]], color: '#fff' }}
                data-colour={DISPLAY_STATE_COLOUR[r.displayState]}
              >
                {r.displayState}
              </Tag>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
