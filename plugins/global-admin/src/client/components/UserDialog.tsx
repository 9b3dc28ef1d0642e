import { Button, Callout, Checkbox, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { HierarchyStoreToken, useService } from '@discovery/platform';
import { AppDialog } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UsersStoreToken } from '../stores/UsersStore';
import { HierarchyTreePicker } from './HierarchyTreePicker';

const FIELDS = [
  { key: 'email', path: 'user.email', type: 'email' },
  { key: 'firstName', path: 'user.first_name', type: 'text' },
  { key: 'lastName', path: 'user.last_name', type: 'text' },
] as const;

/** Invite a user, or change a user's roles and hierarchy access (issue 32 §1). */
export const UserDialog = observer(function UserDialog() {
  const { t } = useTranslation('global-admin');
  const store = useService(UsersStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const form = store.form;
  if (!form) return null;
  const prefix = form.isNew ? 'invite' : 'edit';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.save();
  };
  return (
    <AppDialog
      isOpen
      onClose={() => store.close()}
      title={form.isNew ? t('usersPage.inviteTitle') : t('usersPage.editTitle', { email: form.user?.email })}
      style={{ width: 640 }}
    >
      <form onSubmit={submit} data-testid="user-form" noValidate>
        <div className={Classes.DIALOG_BODY}>
          {form.notice && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="user-form-notice">
              {form.notice}
            </Callout>
          )}
          {form.isNew &&
            FIELDS.map((f) => (
              <FormGroup
                key={f.key}
                label={t(`usersPage.field.${f.key}`)}
                labelFor={`user-${f.key}`}
                intent={form.error(f.path) ? 'danger' : undefined}
                helperText={form.error(f.path)}
              >
                <InputGroup
                  id={`user-${f.key}`}
                  type={f.type}
                  value={form[f.key]}
                  onValueChange={(v) => form.set(f.key, v)}
                  intent={form.error(f.path) ? 'danger' : undefined}
                  data-testid={`user-${f.key}`}
                />
              </FormGroup>
            ))}
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
            <legend className={Classes.LABEL}>{t('roles')}</legend>
            {store.roles.data.map((r) => (
              <Checkbox
                key={r.id}
                inline
                checked={form.roleIds.includes(r.id)}
                onChange={() => form.toggleRole(r.id)}
                label={r.name}
                data-testid={`${prefix}-role-${r.name}`}
              />
            ))}
          </fieldset>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className={Classes.LABEL}>{t('access')}</legend>
            <HierarchyTreePicker tree={hierarchy.tree} slugs={form.slugs} onChange={(s) => form.setSlugs(s)} idPrefix={prefix} />
          </fieldset>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button text={t('clients.cancel')} onClick={() => store.close()} />
            <Button
              type="submit"
              intent="primary"
              loading={form.submitting}
              text={form.isNew ? t('usersPage.sendInvite') : t('clients.save')}
              data-testid="user-save"
            />
          </div>
        </div>
      </form>
    </AppDialog>
  );
});
