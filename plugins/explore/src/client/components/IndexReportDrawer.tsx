import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { IndexReportsToken, type IndexReportRequest } from '@discovery/insights-kit';
import { useOptionalService } from '@discovery/platform';
import { SlideInPanel } from '@discovery/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDEX_REPORT_LAYOUTS, MESSAGES } from '../../common';

export interface IndexReportDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  /** The persona's report, without the drawer's choices. */
  report: Omit<IndexReportRequest, 'name'> & { name: string };
  /** Called with the notice to show (success or failure). */
  onDone: (ok: boolean, message: string) => void;
}

/**
 * EXP-024 (DESIGN): the index report drawer: name (required), layout, the two skew checkboxes;
 * Submit queues the report through the notifications plugin (IndexReportsToken), whose center
 * lists it in progress and then ready to download.
 */
export function IndexReportDrawer({ isOpen, onClose, report, onDone }: IndexReportDrawerProps) {
  const { t } = useTranslation('explore');
  const reports = useOptionalService(IndexReportsToken);
  const id = useId();
  const [name, setName] = useState(report.name);
  const [layout, setLayout] = useState<string>(INDEX_REPORT_LAYOUTS[0]);
  const [datasetSkew, setDatasetSkew] = useState(false);
  const [unknownSkew, setUnknownSkew] = useState(false);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const nameError = name.trim() ? null : MESSAGES.nameRequired;
  const submit = () => {
    setTouched(true);
    if (nameError || !reports) return;
    setBusy(true);
    reports
      .request({ ...report, name: name.trim(), uiName: name.trim(), layoutType: layout, allowDatasetSkew: datasetSkew, allowUnknownRateSkew: unknownSkew })
      .then(
        () => {
          onDone(true, t('indexReport.requested'));
          onClose();
        },
        (e: unknown) => onDone(false, t('indexReport.failed', { message: (e as Error).message })),
      )
      .finally(() => setBusy(false));
  };
  return (
    <SlideInPanel
      isOpen={isOpen}
      onClose={onClose}
      title={t('indexReport.title')}
      width={450}
      icon="th-derived"
      testId="explore-index-report"
      footer={
        <>
          <Button text={t('cancel')} onClick={onClose} data-testid="explore-index-report-cancel" />
          <Button intent="primary" text={t('indexReport.submit')} loading={busy} onClick={submit} data-testid="explore-index-report-submit" />
        </>
      }
    >
      <FormGroup
        label={t('indexReport.name')}
        labelFor={`${id}-name`}
        intent={touched && nameError ? 'danger' : 'none'}
        helperText={touched ? nameError : null}
      >
        <InputGroup id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} data-testid="explore-index-report-name" />
      </FormGroup>
      <FormGroup label={t('indexReport.layout')} labelFor={`${id}-layout`}>
        <HTMLSelect id={`${id}-layout`} value={layout} onChange={(e) => setLayout(e.target.value)} data-testid="explore-index-report-layout">
          {INDEX_REPORT_LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {t(`indexReport.layouts.${l}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Checkbox label={t('indexReport.datasetSkew')} checked={datasetSkew} onChange={(e) => setDatasetSkew(e.currentTarget.checked)} />
      <Checkbox label={t('indexReport.unknownRateSkew')} checked={unknownSkew} onChange={(e) => setUnknownSkew(e.currentTarget.checked)} />
    </SlideInPanel>
  );
}
