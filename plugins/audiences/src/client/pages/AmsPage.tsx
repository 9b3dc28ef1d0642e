import { Classes, H2, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { effectiveCompanyId } from '@discovery/plugin-api';
import { ApiClientToken, formatDate, HierarchyStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_STATE_COLOUR, isOpenEnded, type ActivationDto } from '../../common';

/** Blueprint's lime, pineapple and apple. */
const COLOURS = { lime: '#8eb125', pineapple: '#d1980b', apple: '#e0491e' } as const;

/** AMS activations of the context's company (000 §2.4, SRV-040). */
const AmsPage = observer(function AmsPage() {
  const { t } = useTranslation('audiences');
  const api = useService(ApiClientToken);
  const hierarchy = useService(HierarchyStoreToken);
  const [rows, setRows] = useState<ActivationDto[] | null>(null);
  const n = hierarchy.nodes;
  const company = effectiveCompanyId(n);
  const context = hierarchy.fullSlug;

  useEffect(() => {
    setRows(null);
    if (company === null) return setRows([]);
    const q = new URLSearchParams({ companyId: String(company), hierarchy: context });
    // SHELL-113: a failed fetch is logged and reads as an empty list.
    api
      .get<ActivationDto[]>(`/api/v1/audiences/ams/activations/recent?${q}`, { silent: true })
      .then(setRows)
      .catch((e: Error) => {
        console.warn('AMS activations could not be loaded', e.message);
        setRows([]);
      });
  }, [api, company, context]);

  return (
    <section data-testid="ams-page">
      <H2>{t('ams.heading')}</H2>
      <p className={Classes.TEXT_MUTED}>{company === null ? t('ams.noCompany') : t('ams.hint')}</p>
      {rows === null ? (
        <Spinner size={32} />
      ) : rows.length === 0 ? (
        <NonIdealState icon="send-to" title={t('ams.empty')} />
      ) : (
        <HTMLTable striped style={{ width: '100%' }} data-testid="ams-table">
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
                  <Tag round style={{ background: COLOURS[DISPLAY_STATE_COLOUR[r.displayState]], color: '#fff' }} data-colour={DISPLAY_STATE_COLOUR[r.displayState]}>
                    {r.displayState}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
});

export default AmsPage;
