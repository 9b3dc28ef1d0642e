import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import { ConfirmDialog, Heading } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScenarioPlannerStoreToken } from '../stores/ScenarioPlannerStore';
import { CurveTable } from './CurveTable';
import { ResponsePlot } from './ResponsePlot';

/** SCN-012..029: generic picks or uploaded curves (never both), Apply, and the plot of the curves. */
export const CurvesSection = observer(function CurvesSection() {
  const { t } = useTranslation('scenario-planner');
  const store = useService(ScenarioPlannerStoreToken);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const apply = () => {
    if (store.needsConfirmation) setConfirming(true);
    else store.apply();
  };
  return (
    <section aria-labelledby={`${id}-h`} data-testid="curves-section" style={{ marginTop: 24 }}>
      <Heading level={2} look={4} id={`${id}-h`}>
        {t('curves.heading')}
      </Heading>
      {store.fetchErrors.length > 0 && (
        // SCN-029: one dismissible notification for every failed curve call.
        <Callout intent="danger" title={t('messages.unableToImport')} style={{ marginBottom: 12 }} data-testid="unable-to-import">
          <ul style={{ margin: '4px 0' }}>
            {store.fetchErrors.map((f) => (
              <li key={f.source}>{t('messages.fetchFailed', { source: f.source, message: f.message })}</li>
            ))}
          </ul>
          <Button size="small" text={t('messages.dismiss')} onClick={() => store.dismissFetchErrors()} data-testid="dismiss-unable-to-import" />
        </Callout>
      )}
      <div style={{ display: 'flex', gap: 24 }}>
        <Checkbox label={t('curves.useGeneric')} checked={store.mode === 'generic'} onChange={() => store.setMode('generic')} data-testid="mode-generic" />
        <Checkbox label={t('curves.upload')} checked={store.mode === 'upload'} onChange={() => store.setMode('upload')} data-testid="mode-upload" />
      </div>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 760px', minWidth: 0 }}>
          {store.mode === 'generic' ? (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid="generic-media-types">
              <legend className="bp6-text-muted">{t('curves.mediaTypes')}</legend>
              {store.catalogue.length === 0 && <p className="bp6-text-muted">{t('curves.noGeneric')}</p>}
              {store.catalogue.map((c) => (
                <Checkbox
                  key={c.id}
                  label={c.media_type}
                  checked={store.selectedMediaTypes.includes(c.media_type)}
                  onChange={() => store.toggleMediaType(c.media_type)}
                  data-testid={`generic-${c.media_type}`}
                />
              ))}
            </fieldset>
          ) : (
            <>
              <CurveTable />
              {store.listError && (
                <p style={{ color: 'var(--dsc-danger-text, #ac2f33)' }} role="alert" data-testid="curve-list-error">
                  {store.listError}
                </p>
              )}
              {store.canAddSet && <Button icon="add" text={t('curves.addSet')} onClick={() => store.addRow()} style={{ marginTop: 8 }} data-testid="add-set" />}
            </>
          )}
          <div style={{ marginTop: 16 }}>
            <Button intent="primary" text={t('curves.apply')} disabled={!store.ready} loading={store.applying} onClick={apply} data-testid="apply" />
          </div>
        </div>
        <div style={{ flex: '1 1 400px', minWidth: 360, maxWidth: 640 }}>
          <ResponsePlot />
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        title={t('messages.areYouSure')}
        intent="warning"
        confirmButtonText={t('messages.yes')}
        cancelButtonText={t('messages.no')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          store.apply();
        }}
        data-testid="apply-confirm"
      >
        {store.mode === 'generic' ? t('messages.loseUploaded') : t('messages.loseGeneric')}
      </ConfirmDialog>
    </section>
  );
});
