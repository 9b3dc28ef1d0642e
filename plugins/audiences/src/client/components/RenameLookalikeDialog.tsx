import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { ApiClientToken, ApiError, useService } from '@discovery/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookalikeUpdateBody, type LookalikeDto } from '../../common';

/** Renames a lookalike (SRV-093 update): the shared schema first, then PUT v2/lookalikes/{id}. */
export function RenameLookalikeDialog({ lookalike, onClose, onRenamed }: { lookalike: LookalikeDto; onClose: () => void; onRenamed: (l: LookalikeDto) => void }) {
  const { t } = useTranslation('audiences');
  const api = useService(ApiClientToken);
  const [name, setName] = useState(lookalike.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const body = { lookalike: { name } };
    const parsed = LookalikeUpdateBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('rename.failed'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const res = await api.put<{ data: LookalikeDto }>(`/api/v1/audiences/v2/lookalikes/${lookalike.id}`, parsed.data, { silent: true });
      onRenamed(res.data);
    } catch (e) {
      setError(e instanceof ApiError && e.status ? e.message : t('rename.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('rename.title')}>
      <DialogBody>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormGroup label={t('rename.name')} intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
            <InputGroup autoFocus value={name} onChange={(e) => setName(e.target.value)} intent={error ? 'danger' : 'none'} data-testid="rename-lookalike-name" />
          </FormGroup>
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('rename.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('rename.save')} loading={saving} onClick={() => void save()} data-testid="rename-lookalike-save" />
          </>
        }
      />
    </Dialog>
  );
}
