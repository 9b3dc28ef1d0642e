import { Button, ButtonGroup, Callout, FormGroup, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { SessionStoreToken, useService, formatDateTime } from '@discovery/platform';
import { ConfirmDialog, LoadError, LoadingSpinner, PageTitle, VisuallyHidden } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeSecret } from '../components/OneTimeSecret';
import { UserDialog } from '../components/UserDialog';
import { USERS_PAGE_SIZE, UsersStoreToken } from '../stores/UsersStore';

/** Issue 32 §1: users with search and paging, invitations, deactivation, roles and hierarchy access. */
const UsersPage = observer(function UsersPage() {
  const { t } = useTranslation('global-admin');
  const store = useService(UsersStoreToken);
  const session = useService(SessionStoreToken);
  useEffect(() => {
    store.load();
  }, [store]);
  const canCreate = session.can('global_admin', 'create');
  const canUpdate = session.can('global_admin', 'update');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.search();
  };
  const data = store.page.data;
  const confirm = store.confirmDeactivate;
  return (
    <section data-testid="users-page">
      <PageTitle>{t('usersPage.title')}</PageTitle>
      {store.invitation && (
        <OneTimeSecret
          title={t('usersPage.linkFor', { email: store.invitation.email })}
          value={new URL(store.invitation.url, window.location.origin).toString()}
          hint={t('usersPage.linkHint', { at: formatDateTime(store.invitation.expires_at) })}
          onDismiss={() => store.dismissInvitation()}
          data-testid="invite-link"
        />
      )}
      {store.actionError && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="users-action-error">
          {store.actionError}
        </Callout>
      )}
      <form onSubmit={submit} role="search" aria-label={t('usersPage.search')} style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <FormGroup label={t('usersPage.search')} labelFor="users-q">
          <InputGroup id="users-q" type="search" value={store.query} onValueChange={(v) => store.setQuery(v)} leftIcon="search" data-testid="users-q" />
        </FormGroup>
        <FormGroup>
          <Button type="submit" text={t('audit.search')} data-testid="users-search" />
        </FormGroup>
        {canCreate && (
          <FormGroup>
            <Button intent="primary" icon="new-person" text={t('usersPage.invite')} onClick={() => store.openInvite()} data-testid="users-invite" />
          </FormGroup>
        )}
      </form>
      {store.page.error ? (
        <LoadError level={2} error={store.page.error} onRetry={() => store.search()} data-testid="users-error" />
      ) : !data ? (
        <LoadingSpinner size={24} />
      ) : data.users.length === 0 ? (
        <p data-testid="users-empty">{t('usersPage.empty')}</p>
      ) : (
        <>
          <p role="status" data-testid="users-range">
            {t('usersPage.range', {
              from: (store.offset + 1).toLocaleString(),
              to: Math.min(store.offset + USERS_PAGE_SIZE, data.total).toLocaleString(),
              total: data.total.toLocaleString(),
            })}
          </p>
          <HTMLTable striped compact style={{ width: '100%' }} data-testid="users-table">
            <thead>
              <tr>
                <th>{t('name')}</th>
                <th>{t('email')}</th>
                <th>{t('roles')}</th>
                <th>{t('access')}</th>
                <th>{t('usersPage.status')}</th>
                <th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((u) => (
                <tr key={u.id} data-testid="user-row" data-email={u.email}>
                  <td>
                    {u.first_name} {u.last_name}
                  </td>
                  <td>{u.email}</td>
                  <td>{u.roles.map((r) => r.name).join(', ') || t('none')}</td>
                  <td>{u.slugs.includes('*') ? t('everything') : u.slugs.join(', ') || t('none')}</td>
                  <td>
                    {u.deactivated_at ? (
                      <Tag intent="danger">{t('usersPage.deactivated')}</Tag>
                    ) : u.invited ? (
                      <Tag intent="warning">{t('usersPage.invitedTag')}</Tag>
                    ) : (
                      <Tag intent="success">{t('usersPage.active')}</Tag>
                    )}
                  </td>
                  <td>
                    {canUpdate && (
                      <ButtonGroup>
                        <Button
                          size="small"
                          icon="edit"
                          text={t('usersPage.edit')}
                          aria-label={t('usersPage.editFor', { email: u.email })}
                          onClick={() => store.openEdit(u)}
                          data-testid={`user-edit-${u.email}`}
                        />
                        {u.invited && !u.deactivated_at && (
                          <Button
                            size="small"
                            icon="envelope"
                            text={t('usersPage.newLink')}
                            aria-label={t('usersPage.newLinkFor', { email: u.email })}
                            onClick={() => store.reinvite(u)}
                            data-testid={`user-reinvite-${u.email}`}
                          />
                        )}
                        {u.deactivated_at ? (
                          <Button
                            size="small"
                            icon="unlock"
                            text={t('usersPage.reactivate')}
                            aria-label={t('usersPage.reactivateFor', { email: u.email })}
                            onClick={() => store.setActive(u, true)}
                            data-testid={`user-reactivate-${u.email}`}
                          />
                        ) : (
                          u.id !== session.me?.id && (
                            <Button
                              size="small"
                              icon="disable"
                              intent="danger"
                              text={t('usersPage.deactivate')}
                              aria-label={t('usersPage.deactivateFor', { email: u.email })}
                              onClick={() => store.askDeactivate(u)}
                              data-testid={`user-deactivate-${u.email}`}
                            />
                          )
                        )}
                      </ButtonGroup>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <ButtonGroup style={{ marginTop: 12 }}>
            <Button
              icon="chevron-left"
              text={t('usersPage.previous')}
              disabled={!store.hasPrevious}
              onClick={() => store.previous()}
              data-testid="users-previous"
            />
            <Button rightIcon="chevron-right" text={t('usersPage.next')} disabled={!store.hasNext} onClick={() => store.next()} data-testid="users-next" />
          </ButtonGroup>
        </>
      )}
      <UserDialog />
      <ConfirmDialog
        isOpen={confirm !== null}
        title={t('usersPage.confirmDeactivate', { email: confirm?.email ?? '' })}
        intent="danger"
        confirmButtonText={t('usersPage.deactivate')}
        cancelButtonText={t('clients.cancel')}
        onConfirm={() => confirm && store.setActive(confirm, false)}
        onCancel={() => store.askDeactivate(null)}
        data-testid="user-deactivate-confirm"
      >
        {t('usersPage.deactivateHint')}
      </ConfirmDialog>
    </section>
  );
});

export default UsersPage;
