import { Button, Callout, Classes, FormGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { SessionStoreToken, useService } from '@discovery/platform';
import { ConfirmDialog, Heading, LoadError, LoadingSpinner, PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGrid } from '../components/PermissionGrid';
import { RolesStoreToken } from '../stores/RolesStore';

/** Issue 32 §2: roles (SRV-022) and their permissions over the server's resources (SRV-023). */
const RolesPage = observer(function RolesPage() {
  const { t } = useTranslation('global-admin');
  const store = useService(RolesStoreToken);
  const session = useService(SessionStoreToken);
  useEffect(() => {
    store.load();
  }, [store]);
  const draft = store.draft;
  const canWrite = draft?.isNew ? session.can('global_admin', 'create') : session.can('global_admin', 'update');
  const canDelete = session.can('global_admin', 'destroy');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.save();
  };
  return (
    <section data-testid="roles-page">
      <PageTitle>{t('rolesPage.title')}</PageTitle>
      <p>{t('rolesPage.intro')}</p>
      {store.error ? (
        <LoadError level={2} error={store.error} onRetry={() => store.load()} data-testid="roles-error" />
      ) : !store.loaded ? (
        <LoadingSpinner size={24} />
      ) : (
        <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
          <nav aria-label={t('rolesPage.list')} style={{ minWidth: 200 }}>
            <Heading level={2} look={5}>
              {t('rolesPage.list')}
            </Heading>
            <Menu data-testid="roles-list">
              {store.roles.data.map((r) => (
                <MenuItem key={r.id} text={r.name} active={draft?.id === r.id} onClick={() => store.select(r.id)} data-testid={`role-${r.name}`} />
              ))}
            </Menu>
            {session.can('global_admin', 'create') && (
              <Button icon="add" text={t('rolesPage.new')} onClick={() => store.startNew()} style={{ marginTop: 8 }} data-testid="role-new" />
            )}
          </nav>
          {draft && (
            <form onSubmit={submit} style={{ flex: 1, minWidth: 0 }} data-testid="role-form" aria-label={draft.isNew ? t('rolesPage.new') : draft.name}>
              {draft.notice && (
                <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="role-notice">
                  {draft.notice}
                </Callout>
              )}
              <FormGroup
                label={t('rolesPage.name')}
                labelFor="role-name"
                intent={draft.errors['role.name'] ? 'danger' : undefined}
                helperText={draft.errors['role.name']}
              >
                <InputGroup id="role-name" value={draft.name} onValueChange={(v) => draft.setName(v)} readOnly={!canWrite} data-testid="role-name" />
              </FormGroup>
              <PermissionGrid draft={draft} resources={store.resources.data} readOnly={!canWrite} />
              <div className={Classes.DIALOG_FOOTER_ACTIONS} style={{ justifyContent: 'flex-start', gap: 8, marginTop: 12 }}>
                {canWrite && <Button type="submit" intent="primary" text={t('clients.save')} loading={draft.submitting} data-testid="role-save" />}
                {!draft.isNew && canDelete && (
                  <Button intent="danger" icon="trash" text={t('rolesPage.delete')} onClick={() => store.askDelete(true)} data-testid="role-delete" />
                )}
              </div>
            </form>
          )}
        </div>
      )}
      <ConfirmDialog
        isOpen={store.confirmDelete}
        title={t('rolesPage.confirmDelete', { name: draft?.name ?? '' })}
        intent="danger"
        confirmButtonText={t('rolesPage.delete')}
        cancelButtonText={t('clients.cancel')}
        onConfirm={() => store.remove()}
        onCancel={() => store.askDelete(false)}
        data-testid="role-delete-confirm"
      >
        {t('rolesPage.deleteHint')}
      </ConfirmDialog>
    </section>
  );
});

export default RolesPage;
