import { Button, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { AppDialog } from '@discovery/ui';
import { settle, useService } from '@discovery/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LookalikeDto } from '../../common';
import { AudienceDetailStoreToken } from '../stores/AudienceDetailStore';

/** Renames the detail page's lookalike (the store checks the shared schema, then saves). */
export function RenameLookalikeDialog({
  lookalike,
  onClose,
  onRenamed,
}: {
  lookalike: LookalikeDto;
  onClose: () => void;
  onRenamed: (l: LookalikeDto) => void;
}) {
  const { t } = useTranslation('audiences');
  const store = useService(AudienceDetailStoreToken);
  const [name, setName] = useState(lookalike.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = () => {
    setSaving(true);
    setError(null);
    const failed = t('rename.failed');
    return settle(
      store.renameLookalike(name, failed).then((problem) => {
        setSaving(false);
        if (problem) setError(problem);
        else if (store.item?.type === 'lookalike') onRenamed(store.item);
      }),
      () => {
        setSaving(false);
        setError(failed);
      },
    );
  };

  return (
    <AppDialog isOpen onClose={onClose} title={t('rename.title')}>
      <DialogBody>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <FormGroup label={t('rename.name')} intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
            <InputGroup
              autoFocus
              value={name}
              onChange={(e) => setName(e.target.value)}
              intent={error ? 'danger' : 'none'}
              data-testid="rename-lookalike-name"
            />
          </FormGroup>
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('rename.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('rename.save')} loading={saving} onClick={save} data-testid="rename-lookalike-save" />
          </>
        }
      />
    </AppDialog>
  );
}
