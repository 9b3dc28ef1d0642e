import { Button, FormGroup, HTMLTable, InputGroup, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { SessionStoreToken, useService } from '@discovery/platform';
import { ConfirmDialog, Heading, LoadError, VisuallyHidden } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatImportDate, importStatus, planPermissions as P, type PlanImportDto } from '../../common';
import { ScenarioPlannerStoreToken } from '../stores/ScenarioPlannerStore';

/** SCN-007 / SCN-008: the badge and its tooltip. */
export const StatusBadge = observer(function StatusBadge({ rec }: { rec: PlanImportDto }) {
  const { t } = useTranslation('scenario-planner');
  const status = importStatus(rec);
  const tip =
    status === 'complete'
      ? t('imports.importedOn', { date: formatImportDate(rec.created_at) })
      : status === 'failed'
        ? (rec.message ?? t('imports.failed'))
        : t('imports.submitted');
  const tag =
    status === 'complete' ? (
      <Tag intent="success" icon="tick">
        {t('imports.complete')}
      </Tag>
    ) : status === 'failed' ? (
      <Tag intent="danger" icon="error">
        {t('imports.failed')}
      </Tag>
    ) : (
      <Tag intent="primary" minimal icon={<Spinner size={12} intent="primary" aria-hidden />}>
        {t('imports.submitted')}
      </Tag>
    );
  return (
    <Tooltip content={tip} placement="top">
      {/* Focusable so the keyboard gets the tooltip too; the text is also there for screen readers. */}
      <span tabIndex={0} data-testid={`import-status-${rec.id}`} data-status={status} data-tooltip={tip}>
        {tag}
        {status !== 'submitted' && <VisuallyHidden>{tip}</VisuallyHidden>}
      </span>
    </Tooltip>
  );
});

/** SCN-003..011: the import form and the product's imported plans, newest first. */
export const ImportSection = observer(function ImportSection() {
  const { t } = useTranslation('scenario-planner');
  const store = useService(ScenarioPlannerStoreToken);
  const session = useService(SessionStoreToken);
  const [deleting, setDeleting] = useState<PlanImportDto | null>(null);
  const inputId = useId();
  const error = store.projectIdError;
  const list = store.sortedImports;
  return (
    <section aria-labelledby={`${inputId}-h`} data-testid="import-section">
      <Heading level={2} look={4} id={`${inputId}-h`}>
        {t('imports.heading')}
      </Heading>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          store.submitImport();
        }}
        style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}
      >
        <FormGroup
          label={t('imports.projectId')}
          labelFor={inputId}
          helperText={error ? ('key' in error ? t(`messages.${error.key}`) : error.text) : t('imports.projectIdHelp')}
          intent={error ? 'danger' : 'none'}
          style={{ minWidth: 280 }}
        >
          <InputGroup
            id={inputId}
            value={store.projectId}
            intent={error ? 'danger' : 'none'}
            onValueChange={(v) => store.setProjectId(v)}
            data-testid="project-id"
          />
        </FormGroup>
        <Button
          type="submit"
          intent="primary"
          text={t('imports.import')}
          disabled={!store.canImport}
          loading={store.importing}
          style={{ marginTop: 22 }}
          data-testid="import-button"
        />
      </form>

      <Heading level={3} look={5} style={{ marginTop: 8 }}>
        {t('imports.listHeading')}
      </Heading>
      {list.some((r) => importStatus(r) === 'submitted') && <p className="bp6-text-muted">{t('imports.polling')}</p>}
      {list.length === 0 && store.importList.error ? (
        <LoadError level={4} error={store.importList.error} onRetry={() => store.loadImports()} data-testid="imports-error" />
      ) : list.length === 0 ? (
        <p className="bp6-text-muted" data-testid="imports-empty">
          {t('imports.empty')}
        </p>
      ) : (
        <HTMLTable compact striped style={{ width: '100%', maxWidth: 720 }} data-testid="imports-table">
          <thead>
            <tr>
              <th>{t('imports.projectId')}</th>
              <th>{t('imports.created')}</th>
              <th>{t('imports.status')}</th>
              <th>
                <VisuallyHidden>{t('imports.actions')}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} data-testid={`import-row-${r.scenario_planner_id}`}>
                <td>{r.scenario_planner_id}</td>
                <td>{formatImportDate(r.created_at)}</td>
                <td>
                  <StatusBadge rec={r} />
                </td>
                <td>
                  {session.can(P.destroy.resource, 'destroy') && (
                    <Button
                      variant="minimal"
                      icon="trash"
                      intent="danger"
                      aria-label={t('imports.delete', { id: r.scenario_planner_id })}
                      onClick={() => setDeleting(r)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('messages.areYouSure')}
        intent="danger"
        confirmButtonText={t('imports.delete_confirm')}
        cancelButtonText={t('imports.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) store.deleteImport(deleting.id);
          setDeleting(null);
        }}
        data-testid="delete-import-confirm"
      >
        {deleting ? t('imports.deleteText', { id: deleting.scenario_planner_id }) : null}
      </ConfirmDialog>
    </section>
  );
});
