import { Classes, H2, Spinner } from '@blueprintjs/core';
import { effectiveCompanyId } from '@discovery/plugin-api';
import { ApiClientToken, HierarchyStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivationDto } from '../../common';
import { ActivationsTable } from '../ActivationsTable';

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
      {rows === null ? <Spinner size={32} /> : <ActivationsTable rows={rows} />}
    </section>
  );
});

export default AmsPage;
