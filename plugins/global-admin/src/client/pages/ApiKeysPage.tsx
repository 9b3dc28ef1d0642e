import { Button, Callout, FormGroup, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { SessionStoreToken, useService, formatDateTime } from '@discovery/platform';
import { ConfirmDialog, Heading, LoadError, LoadingSpinner, PageTitle, VisuallyHidden } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeSecret } from '../components/OneTimeSecret';
import { ApiKeysStoreToken, keyState } from '../stores/ApiKeysStore';

const when = (v: string | null, never: string) => (v ? formatDateTime(v) : never);

/** Issue 32 §3 (SRV-025): API keys, used as `Authorization: Bearer <secret>` on the API. */
const ApiKeysPage = observer(function ApiKeysPage() {
  const { t } = useTranslation('global-admin');
  const store = useService(ApiKeysStoreToken);
  const session = useService(SessionStoreToken);
  useEffect(() => {
    store.load();
  }, [store]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.create();
  };
  const keys = store.keys.data;
  const confirm = store.confirmRevoke;
  return (
    <section data-testid="api-keys-page">
      <PageTitle>{t('keys.title')}</PageTitle>
      <p>{t('keys.intro')}</p>
      {store.created && (
        <OneTimeSecret
          title={t('keys.secretOf', { name: store.created.name })}
          value={store.created.secret}
          hint={t('keys.secretHint')}
          onDismiss={() => store.dismissSecret()}
          data-testid="api-key-secret"
        />
      )}
      {store.notice && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="api-keys-notice">
          {store.notice}
        </Callout>
      )}
      {session.can('global_admin', 'create') && (
        <form
          onSubmit={submit}
          aria-label={t('keys.new')}
          style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}
          data-testid="api-key-form"
        >
          <FormGroup
            label={t('keys.name')}
            labelFor="api-key-name"
            intent={store.errors['api_key.name'] ? 'danger' : undefined}
            helperText={store.errors['api_key.name']}
          >
            <InputGroup id="api-key-name" value={store.name} onValueChange={(v) => store.set('name', v)} data-testid="api-key-name" />
          </FormGroup>
          <FormGroup
            label={t('keys.expires')}
            labelFor="api-key-expires"
            intent={store.errors['api_key.expires_at'] ? 'danger' : undefined}
            helperText={store.errors['api_key.expires_at'] ?? t('keys.expiresHint')}
          >
            <InputGroup id="api-key-expires" type="date" value={store.expires} onValueChange={(v) => store.set('expires', v)} data-testid="api-key-expires" />
          </FormGroup>
          <FormGroup style={{ paddingTop: 25 }}>
            <Button type="submit" intent="primary" icon="key" text={t('keys.create')} loading={store.creating} data-testid="api-key-create" />
          </FormGroup>
        </form>
      )}
      <Heading level={2} look={4}>
        {t('keys.list')}
      </Heading>
      {store.keys.error ? (
        <LoadError level={3} error={store.keys.error} onRetry={() => store.load()} data-testid="api-keys-error" />
      ) : !keys ? (
        <LoadingSpinner size={24} />
      ) : keys.length === 0 ? (
        <p data-testid="api-keys-empty">{t('keys.empty')}</p>
      ) : (
        <HTMLTable striped compact style={{ width: '100%' }} data-testid="api-keys-table">
          <thead>
            <tr>
              <th>{t('keys.name')}</th>
              <th>{t('keys.prefix')}</th>
              <th>{t('keys.user')}</th>
              <th>{t('keys.created')}</th>
              <th>{t('keys.expiresCol')}</th>
              <th>{t('keys.lastUsed')}</th>
              <th>{t('usersPage.status')}</th>
              <th>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => {
              const state = keyState(k);
              return (
                <tr key={k.id} data-testid="api-key-row" data-name={k.name} data-state={state}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td>{k.user_email}</td>
                  <td>{when(k.created_at, '')}</td>
                  <td>{when(k.expires_at, t('keys.never'))}</td>
                  <td data-testid="api-key-last-used">{when(k.last_used_at, t('keys.neverUsed'))}</td>
                  <td>
                    <Tag intent={state === 'active' ? 'success' : 'danger'}>{t(`keys.state.${state}`)}</Tag>
                  </td>
                  <td>
                    {state !== 'revoked' && session.can('global_admin', 'destroy') && (
                      <Button
                        size="small"
                        intent="danger"
                        icon="disable"
                        text={t('keys.revoke')}
                        aria-label={t('keys.revokeFor', { name: k.name })}
                        onClick={() => store.askRevoke(k)}
                        data-testid={`api-key-revoke-${k.name}`}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <ConfirmDialog
        isOpen={confirm !== null}
        title={t('keys.confirmRevoke', { name: confirm?.name ?? '' })}
        intent="danger"
        confirmButtonText={t('keys.revoke')}
        cancelButtonText={t('clients.cancel')}
        onConfirm={() => confirm && store.revoke(confirm)}
        onCancel={() => store.askRevoke(null)}
        data-testid="api-key-revoke-confirm"
      >
        {t('keys.revokeHint')}
      </ConfirmDialog>
    </section>
  );
});

export default ApiKeysPage;
