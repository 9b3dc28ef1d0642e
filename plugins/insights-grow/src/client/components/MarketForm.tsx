import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { ConfirmDialog, SlideInPanel } from '@discovery/ui';
import type { Settled } from '@discovery/platform';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROW_FORM_RULES, nameTaken, PANEL_WIDTHS, type GrowMessageKey, type MarketDto, type MarketInput } from '../../common';
import { fieldErrors, useGrowMessage } from '../messages';

export interface MarketFormProps {
  isOpen: boolean;
  onClose: () => void;
  market: MarketDto | null;
  markets: readonly MarketDto[];
  canDelete: boolean;
  busy: boolean;
  onSave: (input: MarketInput) => Settled<{ ok: boolean; fields?: Record<string, string> }>;
  onDelete: () => Promise<boolean>;
}

/** GROW-058..061: the market form (450 wide). */
export function MarketForm(props: MarketFormProps) {
  const { t } = useTranslation('insights-grow');
  const message = useGrowMessage();
  const id = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!props.isOpen) return;
    setName(props.market?.name ?? '');
    setTouched(false);
    setServer({});
  }, [props.isOpen, props.market]);

  const parsed = GROW_FORM_RULES.MarketInput.safeParse({ name });
  const local = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!local.name && nameTaken(name, props.markets, props.market?.id ?? null)) local.name = 'marketNameUsed' satisfies GrowMessageKey;
  const error = (touched ? local.name : null) ?? server['market.name'];

  const save = async () => {
    setTouched(true);
    if (Object.keys(local).length) return;
    const r = await props.onSave({ name });
    if (!r.ok) setServer(r.fields ?? {});
  };

  return (
    <SlideInPanel
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={props.market ? t('marketForm.editTitle') : t('marketForm.newTitle')}
      width={PANEL_WIDTHS.market}
      testId="grow-market-form"
      footer={
        <>
          {props.market && props.canDelete && (
            <Button
              intent="danger"
              variant="minimal"
              icon="trash"
              text={t('marketForm.delete')}
              onClick={() => setConfirming(true)}
              data-testid="grow-market-delete"
            />
          )}
          <span style={{ flex: 1 }} />
          <Button text={t('cancel')} onClick={props.onClose} />
          <Button intent="primary" text={t('save')} loading={props.busy} onClick={() => save()} data-testid="grow-market-save" />
        </>
      }
    >
      <FormGroup label={t('marketForm.name')} labelFor={`${id}-name`} intent={error ? 'danger' : 'none'} helperText={message(error)}>
        <InputGroup
          id={`${id}-name`}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setServer({});
            setTouched(true);
          }}
          intent={error ? 'danger' : 'none'}
          data-testid="grow-market-input"
        />
      </FormGroup>
      <ConfirmDialog
        isOpen={confirming}
        title={t('marketForm.confirmDelete', { name: props.market?.name ?? '' })}
        intent="danger"
        confirmButtonText={t('deleteButton')}
        cancelButtonText={t('cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await props.onDelete();
        }}
        data-testid="grow-market-confirm-delete"
      />
    </SlideInPanel>
  );
}
