import { Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DiscussionNodesStoreToken } from '../stores/DiscussionNodesStore';

export interface DiscussionFieldProps {
  isOpen: boolean;
  value: number | null;
  onChange: (id: number | null) => void;
  /** GROW-070: the Discussions Upload page of this client and region. */
  uploadHref: string | null;
}

/** GROW-069..071: the audience's discussion, among the client's nodes that have clusters. */
export const DiscussionField = observer(function DiscussionField(props: DiscussionFieldProps) {
  const { t } = useTranslation('insights-grow');
  const store = useService(DiscussionNodesStoreToken);
  const id = useId();
  const { isOpen } = props;

  useEffect(() => {
    if (isOpen) store.load();
  }, [isOpen, store]);

  const upload = props.uploadHref ? (
    <Link to={props.uploadHref} data-testid="grow-upload-discussions">
      {t('audienceForm.uploadDiscussions')}
    </Link>
  ) : null;
  if (store.nodes === null) return null;
  const options = store.selectable;
  if (!options.length)
    return (
      <FormGroup label={t('audienceForm.discussion')}>
        <Callout intent="primary" icon="info-sign" data-testid="grow-no-discussion">
          {upload ? t('audienceForm.noDiscussion') : t('audienceForm.noDiscussionNoUpload')} {upload}
        </Callout>
      </FormGroup>
    );
  // The audience's own node stays choosable even when it has lost its clusters since.
  const current = props.value !== null && !options.some((n) => n.id === props.value) ? store.nodes.find((n) => n.id === props.value) : undefined;
  return (
    <FormGroup label={t('audienceForm.discussion')} labelFor={`${id}-discussion`} helperText={upload}>
      <HTMLSelect
        id={`${id}-discussion`}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}
        data-testid="grow-audience-discussion"
      >
        <option value="">{t('audienceForm.none')}</option>
        {[...(current ? [current] : []), ...options].map((n) => (
          <option key={n.id} value={n.id}>
            {n.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
});
