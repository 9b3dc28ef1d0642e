import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { errorCode, useService, formatDateTime } from '@discovery/platform';
import { LoadError, LoadingSpinner, PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { SetPasswordStoreToken } from '../stores/SetPasswordStore';

/** Issue 32 §1: the invitee sets their password through the one-time link (public page). */
const SetPasswordPage = observer(function SetPasswordPage() {
  const { t } = useTranslation('global-admin');
  const store = useService(SetPasswordStoreToken);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useEffect(() => {
    store.open(token);
  }, [store, token]);
  const inv = store.invitation.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.submit();
  };
  let body;
  if (store.done) {
    body = (
      <Callout intent="success" data-testid="set-password-done">
        <p>{t('setPassword.done')}</p>
        <Link to="/login" data-testid="set-password-sign-in">
          {t('setPassword.signIn')}
        </Link>
      </Callout>
    );
  } else if (store.malformed) {
    body = (
      <Callout intent="warning" data-testid="set-password-invalid">
        {t('setPassword.noToken')}
      </Callout>
    );
  } else if (errorCode(store.invitation.error) === 'not_found') {
    body = (
      <Callout intent="warning" data-testid="set-password-invalid">
        {t('setPassword.expired')}
      </Callout>
    );
  } else if (store.invitation.error) {
    body = <LoadError level={2} error={store.invitation.error} onRetry={() => store.open(token)} data-testid="set-password-invalid" />;
  } else if (!inv) {
    body = <LoadingSpinner size={24} />;
  } else {
    const message = store.error ? (store.error.key ? t(store.error.key) : store.error.message) : undefined;
    body = (
      <form onSubmit={submit} data-testid="set-password-form" noValidate>
        <p>{t('setPassword.for', { name: `${inv.first_name} ${inv.last_name}`, email: inv.email, at: formatDateTime(inv.expires_at) })}</p>
        {/* The email for password managers, as the sign-in form names it. */}
        <input type="email" name="email" autoComplete="username" value={inv.email} readOnly hidden />
        <FormGroup label={t('setPassword.password')} labelFor="new-password" helperText={t('setPassword.rule')}>
          <InputGroup
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={store.password}
            onValueChange={(v) => store.set('password', v)}
            data-testid="set-password-password"
          />
        </FormGroup>
        <FormGroup label={t('setPassword.confirm')} labelFor="confirm-password">
          <InputGroup
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            value={store.confirm}
            onValueChange={(v) => store.set('confirm', v)}
            data-testid="set-password-confirm"
          />
        </FormGroup>
        {message && (
          <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="set-password-error">
            {message}
          </Callout>
        )}
        <Button type="submit" intent="primary" loading={store.submitting} text={t('setPassword.submit')} data-testid="set-password-submit" />
      </form>
    );
  }
  return (
    <main style={{ maxWidth: 480, margin: '64px auto', padding: '0 24px' }} data-testid="set-password-page">
      <Card>
        <PageTitle>{t('setPassword.title')}</PageTitle>
        {body}
      </Card>
    </main>
  );
});

export default SetPasswordPage;
