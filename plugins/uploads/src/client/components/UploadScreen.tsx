import { Button, Callout, Collapse, FormGroup, HTMLSelect, ProgressBar, Spinner } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import type { Token } from '@discovery/plugin-api';
import { Heading, PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { SURVEY_TYPES } from '../../common';
import type { UploadStore } from '../stores/UploadStore';
import { SheetTable } from './SheetTable';

/**
 * One upload screen (UPL-011..016 surveys, UPL-033..036 widgets): title, the survey type switcher,
 * the three steps, the rules list, the red errors table and the green results table.
 */
export const UploadScreen = observer(function UploadScreen({ token, titleKey }: { token: Token<UploadStore>; titleKey: string }) {
  const { t } = useTranslation('uploads');
  const store = useService(token);
  const { clientSlug = '', regionSlug = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const surveyType = query.get('surveyType');
  const fileId = useId();
  const rulesId = useId();

  // UPL-004: another client or region, or another survey type, clears the results and errors.
  useEffect(() => store.setContext(`${clientSlug}/${regionSlug}`), [store, clientSlug, regionSlug]);
  useEffect(() => store.setSurveyType(surveyType), [store, surveyType]);

  const spec = store.spec;
  const result = store.result;
  return (
    <section style={{ padding: 24, maxWidth: 1100 }} data-testid={`upload-page-${store.screen}`}>
      <nav aria-label={t('breadcrumb')} style={{ marginBottom: 4 }}>
        {t('breadcrumbUploads')} / {t(titleKey)}
      </nav>
      <PageTitle>{t(titleKey)}</PageTitle>
      {store.screen === 'surveys' && (
        <FormGroup label={t('surveyType')} labelFor="survey-type" inline>
          <HTMLSelect
            id="survey-type"
            value={store.surveyKey}
            onChange={(e) => setQuery((q) => (q.set('surveyType', e.target.value), q), { replace: true })}
            options={SURVEY_TYPES.map((s) => ({ value: s.key, label: t(s.label) }))}
            data-testid="survey-type"
          />
        </FormGroup>
      )}
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <ol style={{ flex: '1 1 420px', display: 'grid', gap: 16, paddingLeft: 20 }}>
          <li>
            <strong>{t('steps.download')}</strong>{' '}
            <Button
              size="small"
              icon="download"
              text={t('templateButton', { file: spec.file })}
              onClick={() => store.downloadTemplate()}
              data-testid="upload-template"
            />
          </li>
          <li>
            <strong>{t('steps.edit')}</strong> {t(store.screen === 'surveys' ? 'steps.editSurvey' : 'steps.editHint')}
          </li>
          <li>
            <strong>{t('steps.upload')}</strong>
            <FormGroup
              label={t('steps.file')}
              labelFor={fileId}
              intent={store.fileError ? 'danger' : 'none'}
              helperText={store.fileError ?? undefined}
              style={{ marginTop: 4 }}
            >
              {/* UPL-005: choosing the file starts the upload. A native chooser: Blueprint's FileInput placeholder is below 4.5:1. */}
              <input
                id={fileId}
                type="file"
                accept=".xls"
                disabled={store.busy}
                onChange={(e) => {
                  store.choose(e.target.files?.[0] ?? null).catch(() => undefined);
                  e.target.value = '';
                }}
                data-testid="upload-file-input"
              />
              {store.fileName && (
                <div style={{ marginTop: 4 }} data-testid="upload-file-name">
                  {t('steps.chosen', { name: store.fileName })}
                </div>
              )}
              {store.busy && !store.job && <Spinner size={20} aria-label={t('uploading')} data-testid="upload-busy" />}
              {/* A file above the configured size: the core job's progress until it ends. */}
              {store.job && (
                <div style={{ marginTop: 8, maxWidth: 360 }} data-testid="upload-progress">
                  <ProgressBar value={store.job.progress} intent="primary" aria-label={t('processing')} />
                  <div role="status" style={{ marginTop: 4 }}>
                    {t('progress', { percent: Math.round(store.job.progress * 100), text: store.job.text ?? t('queued') })}
                  </div>
                </div>
              )}
            </FormGroup>
          </li>
        </ol>
        <section aria-labelledby={rulesId} style={{ flex: '1 1 360px' }} data-testid="upload-rules">
          <Heading level={2} look={5} id={rulesId}>
            {store.screen === 'surveys' ? t('rulesSurvey', { type: t(SURVEY_TYPES.find((s) => s.key === store.surveyKey)!.label) }) : t('rulesTitle')}
          </Heading>
          <ul>
            {spec.rules.map((r) => (
              <li key={r}>{t(`rules.${r}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      {store.errors.length > 0 && (
        <Callout intent="danger" style={{ marginTop: 16 }} data-testid="upload-errors">
          <Button
            variant="minimal"
            icon={store.errorsOpen ? 'chevron-down' : 'chevron-right'}
            aria-expanded={store.errorsOpen}
            onClick={() => store.toggleErrors()}
          >
            <Heading level={2} look={5} style={{ margin: 0, display: 'inline' }}>
              {t('errorsTitle')} ({store.errors.length})
            </Heading>
          </Button>
          <Collapse isOpen={store.errorsOpen}>
            <SheetTable
              columns={[t('column'), t('row'), t('error')]}
              rows={store.errors.map((e) => [e.column, e.row, e.message])}
              testId="upload-errors-table"
            />
          </Collapse>
        </Callout>
      )}
      {result && result.data.updated.length > 0 && (
        <Callout intent="success" style={{ marginTop: 16 }} data-testid="upload-results">
          <Button
            variant="minimal"
            icon={store.resultsOpen ? 'chevron-down' : 'chevron-right'}
            aria-expanded={store.resultsOpen}
            onClick={() => store.toggleResults()}
          >
            <Heading level={2} look={5} style={{ margin: 0, display: 'inline' }}>
              {t('resultsTitle')} ({result.data.updated.length})
            </Heading>
          </Button>
          <Collapse isOpen={store.resultsOpen}>
            <SheetTable columns={spec.resultColumns} rows={result.data.updated} testId="upload-results-table" />
          </Collapse>
        </Callout>
      )}
    </section>
  );
});
