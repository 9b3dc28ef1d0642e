import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { SlideInPanel } from '@discovery/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROW_FORM_RULES, PANEL_WIDTHS } from '../../common';
import { useGrowMessage } from '../messages';

export interface WeboramaFormProps {
  isOpen: boolean;
  onClose: () => void;
  /** The audience's Weborama segment id, or null. */
  value: string | null;
  onApply: (value: string | null) => void;
}

// The audience schema's own rule for the field, so the slide-in and the save agree.
const weboField = GROW_FORM_RULES.SubMarketInput.shape.webo_cluster_id;

/**
 * GROW-068: the Weborama discussion form (a 550 slide-in over the audience form) where the
 * audience's Weborama segment id is chosen, changed or removed; the audience form saves it.
 */
export function WeboramaForm({ isOpen, onClose, value, onApply }: WeboramaFormProps) {
  const { t } = useTranslation('insights-grow');
  const message = useGrowMessage();
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    if (isOpen) setText(value ?? '');
  }, [isOpen, value]);
  const parsed = weboField.safeParse(text);
  const error = parsed.success ? null : message(parsed.error.issues[0].message);

  return (
    <SlideInPanel
      isOpen={isOpen}
      onClose={onClose}
      title={t('weboramaForm.title')}
      width={PANEL_WIDTHS.weborama}
      testId="grow-weborama-form"
      footer={
        <>
          {value && (
            <Button intent="danger" variant="minimal" text={t('weboramaForm.remove')} onClick={() => onApply(null)} data-testid="grow-weborama-remove" />
          )}
          <span style={{ flex: 1 }} />
          <Button text={t('cancel')} onClick={onClose} />
          <Button
            intent="primary"
            text={t('weboramaForm.apply')}
            disabled={!parsed.success || !parsed.data}
            onClick={() => parsed.success && onApply(parsed.data)}
            data-testid="grow-weborama-apply"
          />
        </>
      }
    >
      <p>{t('weboramaForm.help')}</p>
      <FormGroup label={t('audienceForm.weborama')} labelFor={`${id}-webo`} intent={error ? 'danger' : 'none'} helperText={error}>
        <InputGroup id={`${id}-webo`} value={text} onChange={(e) => setText(e.target.value)} autoFocus data-testid="grow-weborama-input" />
      </FormGroup>
    </SlideInPanel>
  );
}
