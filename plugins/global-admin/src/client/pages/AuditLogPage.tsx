import { Button, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useService, formatDateTime } from '@discovery/platform';
import { LoadError, LoadingSpinner, PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { auditQuery, AuditLogStoreToken, type AuditFilters } from '../stores/AuditLogStore';

const FIELDS: { key: keyof AuditFilters; type: 'text' | 'date' }[] = [
  { key: 'user', type: 'text' },
  { key: 'resource', type: 'text' },
  { key: 'client', type: 'text' },
  { key: 'from', type: 'date' },
  { key: 'to', type: 'date' },
];

/** Issue 32 §4: every change, filtered by user, resource, client and time, and exported. */
const AuditLogPage = observer(function AuditLogPage() {
  const { t } = useTranslation('global-admin');
  const store = useService(AuditLogStoreToken);
  useEffect(() => {
    store.search();
  }, [store]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.search();
  };
  const page = store.rows.data;
  return (
    <section data-testid="audit-log" data-state={store.rows.status} data-applied={new URLSearchParams(auditQuery(store.applied)).toString()}>
      <PageTitle>{t('audit.title')}</PageTitle>
      <form onSubmit={submit} style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }} aria-label={t('audit.filters')}>
        {FIELDS.map((f) => (
          <FormGroup key={f.key} label={t(`audit.filter.${f.key}`)} labelFor={`audit-${f.key}`}>
            <InputGroup
              id={`audit-${f.key}`}
              type={f.type}
              value={store.filters[f.key]}
              onValueChange={(v) => store.setFilter(f.key, v)}
              data-testid={`audit-filter-${f.key}`}
            />
          </FormGroup>
        ))}
        <FormGroup>
          <Button type="submit" intent="primary" icon="search" text={t('audit.search')} data-testid="audit-search" />
        </FormGroup>
        <FormGroup>
          <Button text={t('audit.clear')} onClick={() => store.clear()} />
        </FormGroup>
        <FormGroup>
          <Button icon="download" text={t('audit.export')} loading={store.exporting} onClick={() => store.exportCsv()} data-testid="audit-export" />
        </FormGroup>
      </form>
      {store.exportError && <p role="alert">{store.exportError}</p>}
      {store.rows.error ? (
        <LoadError level={2} error={store.rows.error} onRetry={() => store.search()} data-testid="audit-error" />
      ) : !page ? (
        <LoadingSpinner size={24} />
      ) : page.rows.length === 0 ? (
        <p data-testid="audit-empty">{t('audit.empty')}</p>
      ) : (
        <>
          <HTMLTable striped compact style={{ width: '100%' }} data-testid="audit-rows">
            <thead>
              <tr>
                <th>{t('audit.col.at')}</th>
                <th>{t('audit.col.actor')}</th>
                <th>{t('audit.col.action')}</th>
                <th>{t('audit.col.resource')}</th>
                <th>{t('audit.col.client')}</th>
                <th>{t('audit.col.request')}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => (
                <tr key={r.id} data-testid="audit-row">
                  <td>{formatDateTime(r.at)}</td>
                  <td>
                    {r.actor_email ?? t('audit.nobody')}
                    {r.as_user_email && ` ${t('audit.viewingAs', { email: r.as_user_email })}`}
                    {r.api_key_id !== null && ` ${t('audit.withKey', { id: r.api_key_id })}`}
                  </td>
                  <td>{t(`audit.action.${r.action}`)}</td>
                  <td>
                    {r.resource} {r.record_id}
                  </td>
                  <td>{r.client_slug ?? ''}</td>
                  <td>
                    <code>{r.request_id}</code> {r.address}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {page.next !== null && <Button text={t('audit.more')} loading={store.rows.loading} onClick={() => store.more()} data-testid="audit-more" />}
        </>
      )}
    </section>
  );
});

export default AuditLogPage;
