import { AnchorButton, Button, Callout, Card, Classes, FormGroup, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { ConfigStoreToken, safeReturnUrl, SessionStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../shell/Logo';
import { Heading } from '../widgets/Heading';
import { useDocumentTitle } from '../widgets/useDocumentTitle';

/** Sign-in (SHELL-032..042): 'Current Users' with the built-in identity provider, 'Request Access'. */
export const LoginPage = observer(function LoginPage({ version }: { version: string }) {
  const session = useService(SessionStoreToken);
  const config = useService(ConfigStoreToken).config;
  const { t } = useTranslation();
  useDocumentTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const [tab, setTab] = useState<'current' | 'request'>('current');
  const [email, setEmail] = useState(params.get('llUsername') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [noClients, setNoClients] = useState(false);

  // SHELL-042: a signed-in user with clients does not need this page.
  if (session.status === 'authenticated' && !noClients && (session.me?.clients.length ?? 0) > 0) {
    return <Navigate to={returnUrl} replace />;
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await session.login(email, password);
      // SHELL-038: with clients, on to the return URL; without, the Request Access tab.
      if (me.clients.length > 0) navigate(returnUrl, { replace: true });
      else {
        setNoClients(true);
        setTab('request');
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const current = (
    <form onSubmit={submit} style={{ marginTop: 12 }}>
      {params.get('passwordReset') === 'true' && (
        <Callout intent="primary" style={{ marginBottom: 12 }}>
          {t('login.passwordReset')}
        </Callout>
      )}
      <p>{t('login.signInHint')}</p>
      <FormGroup label={t('login.email')} labelFor="login-email">
        <InputGroup id="login-email" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </FormGroup>
      <FormGroup label={t('login.password')} labelFor="login-password">
        <InputGroup
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </FormGroup>
      {error && (
        <Callout intent="danger" style={{ marginBottom: 12 }} data-testid="login-error" role="alert">
          {error}
        </Callout>
      )}
      <Button type="submit" intent="primary" fill loading={busy} text={t('login.login')} />
    </form>
  );

  const request = (
    <div style={{ marginTop: 12 }}>
      {noClients && (
        <Callout intent="warning" style={{ marginBottom: 12 }}>
          {t('login.noClients')}
        </Callout>
      )}
      <p>{t('login.requestAccessIntro')}</p>
      <p>{t('login.requestAccessEmployees')}</p>
      <p>{t('login.requestAccessClients')}</p>
      {/* SHELL-035 (issue 27 §6): the tab and its button are always there; only the address is configuration.
          The configured service desk opens in a new tab; with none configured the button is disabled and says whom to ask. */}
      <AnchorButton
        intent="primary"
        icon="share"
        text={t('login.requestAccessButton')}
        href={config?.service_desk_url ?? undefined}
        target={config?.service_desk_url ? '_blank' : undefined}
        rel="noopener noreferrer"
        disabled={!config?.service_desk_url}
        aria-describedby={config?.service_desk_url ? undefined : 'request-access-unconfigured'}
        data-testid="request-access-button"
      />
      {!config?.service_desk_url && (
        <p id="request-access-unconfigured" className={Classes.TEXT_MUTED} style={{ marginTop: 8 }} data-testid="request-access-unconfigured">
          {t('login.requestAccessUnconfigured')}
        </p>
      )}
    </div>
  );

  return (
    <main className="dsc-login">
      <Card className="dsc-login-card" elevation={3} data-testid="login-card">
        <div className="dsc-login-logo">
          <Logo />
          <Heading level={1} look={3} style={{ margin: 0 }}>
            {t('appName')}
          </Heading>
        </div>
        <Tabs id="login" selectedTabId={tab} onChange={(id) => setTab(id as 'current' | 'request')}>
          <Tab id="current" title={t('login.currentUsers')} panel={current} />
          <Tab id="request" title={t('login.requestAccess')} panel={request} />
        </Tabs>
        <footer className="dsc-login-footer">
          <span>{t('login.copyright', { year: new Date().getFullYear() })}</span>
          <span>{t('login.ipNotice')}</span>
          <span>{t('login.version', { version })}</span>
          {config?.show_privacy_policy_link && (
            <a href="/privacy-policy" target="_blank" rel="noopener" data-testid="privacy-link">
              {t('login.privacyPolicy')}
            </a>
          )}
        </footer>
      </Card>
    </main>
  );
});
