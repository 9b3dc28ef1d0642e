import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { Heading, LoadError, LoadingSpinner, PageTitle, VisuallyHidden } from '@discovery/ui';
import { SessionStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiKeysRoute, auditLogRoute, rolesRoute, usersRoute, type AdminSummary } from '../../common';
import { ClientsSection } from '../components/ClientsSection';
import { AdminDashboardStoreToken } from '../stores/AdminDashboardStore';

/** The global admin dashboard (SHELL-021, A-48): platform figures and users, with 'view as'. */
const AdminDashboardPage = observer(function AdminDashboardPage() {
  const { t } = useTranslation('global-admin');
  const store = useService(AdminDashboardStoreToken);
  const session = useService(SessionStoreToken);
  useEffect(() => {
    store.load();
  }, [store]);
  const { summary, users } = store;

  const canViewAs = session.can('impersonation', 'create') && !session.me?.impersonating;
  return (
    <section data-testid="admin-dashboard">
      <PageTitle>{t('dashboard')}</PageTitle>
      <nav aria-label={t('adminPages')}>
        <ul style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0 }}>
          <li>
            <Link to={usersRoute.link()} data-testid="users-link">
              {t('usersLink')}
            </Link>
          </li>
          <li>
            <Link to={rolesRoute.link()} data-testid="roles-link">
              {t('rolesLink')}
            </Link>
          </li>
          <li>
            <Link to={apiKeysRoute.link()} data-testid="api-keys-link">
              {t('keysLink')}
            </Link>
          </li>
          <li>
            <Link to={auditLogRoute.link()} data-testid="audit-link">
              {t('auditLink')}
            </Link>
          </li>
        </ul>
      </nav>
      {store.summaryResource.error ? (
        <LoadError level={3} error={store.summaryResource.error} onRetry={() => store.load()} data-testid="summary-error" />
      ) : !summary ? (
        <LoadingSpinner size={24} />
      ) : (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 24 }}>
          {(Object.keys(summary) as (keyof AdminSummary)[]).map((k) => (
            <Card key={k} style={{ minWidth: 140 }} data-testid={`figure-${k}`}>
              <div style={{ fontSize: 28, fontWeight: 600 }}>{summary[k].toLocaleString()}</div>
              <div>{t(`figures.${k}`)}</div>
            </Card>
          ))}
        </div>
      )}
      <ClientsSection />
      <Heading level={2} look={4}>
        {t('users')}
      </Heading>
      {canViewAs && <p>{t('viewAsHint')}</p>}
      {store.usersResource.error ? (
        <LoadError level={3} error={store.usersResource.error} onRetry={() => store.load()} data-testid="users-error" />
      ) : !users ? (
        <LoadingSpinner size={24} />
      ) : (
        <HTMLTable striped style={{ width: '100%' }} data-testid="admin-users">
          <thead>
            <tr>
              <th>{t('name')}</th>
              <th>{t('email')}</th>
              <th>{t('roles')}</th>
              <th>{t('access')}</th>
              <th>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>
                  {u.first_name} {u.last_name}
                </td>
                <td>{u.email}</td>
                <td>{u.roles.map((r) => r.name).join(', ')}</td>
                <td>{u.slugs.includes('*') ? t('everything') : u.slugs.join(', ') || t('none')}</td>
                <td>
                  {canViewAs && u.id !== session.me?.id && (
                    <Button size="small" icon="eye-open" text={t('viewAs')} onClick={() => session.viewAs(u.id)} data-testid={`view-as-${u.email}`} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
});

export default AdminDashboardPage;
