import { Button, Card, H1 } from '@blueprintjs/core';
import { safeReturnPath } from '@discovery/plugin-api';
import { SessionStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../shell/Logo';
import { useDocumentTitle } from '../widgets/useDocumentTitle';

/**
 * SRV-012 reached from another site: the logout address does not end a session on another site's
 * word; it sends here, and the user decides. 'Sign out' is the app's own logout (SHELL-047), whose
 * request to the logout address then comes from this origin.
 */
export const LogoutConfirmPage = observer(function LogoutConfirmPage() {
  const session = useService(SessionStoreToken);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnPath(params.get('returnUrl'));
  useDocumentTitle(t('logoutConfirm.title'));

  if (session.status === 'anonymous') return <Navigate to={returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login'} replace />;

  return (
    <main className="dsc-login">
      <Card className="dsc-login-card" elevation={3} data-testid="logout-confirm">
        <div className="dsc-login-logo">
          <Logo />
          <H1 style={{ margin: 0, fontSize: 22 }}>{t('logoutConfirm.title')}</H1>
        </div>
        <p>{t('logoutConfirm.text')}</p>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button text={t('logoutConfirm.stay')} onClick={() => navigate(returnUrl ?? '/home', { replace: true })} />
          <Button intent="primary" text={t('logoutConfirm.signOut')} onClick={() => session.logout(returnUrl ?? undefined)} />
        </div>
      </Card>
    </main>
  );
});
