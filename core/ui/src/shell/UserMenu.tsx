import { Button, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { adminDashboardRoute, coreEndpoints } from '@discovery/plugin-api';
import {
  ApiClientToken,
  changeLanguage,
  chosenDataSource,
  ConfigStoreToken,
  dataSourceKey,
  dataSources,
  HierarchyStoreToken,
  LANGUAGE_KEY,
  RouteTableToken,
  SessionStoreToken,
  SHELL_LANGUAGES,
  useService,
} from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { KeyboardMenu } from '../widgets/KeyboardMenu';
import { MenuTitle } from '../widgets/MenuTitle';

export { dataSources };

/** The user menu (SHELL-043..047, SHELL-069). */
export const UserMenu = observer(function UserMenu() {
  const session = useService(SessionStoreToken);
  const config = useService(ConfigStoreToken).config;
  const hierarchy = useService(HierarchyStoreToken);
  const api = useService(ApiClientToken);
  const routes = useService(RouteTableToken);
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [languages, setLanguages] = useState<{ value: string; text: string }[]>([]);

  useEffect(() => {
    // SHELL-068: a failed fetch leaves English, silently.
    api
      .call(coreEndpoints.languages, {}, { silent: true })
      .then((r) => setLanguages(r.data))
      .catch(() => setLanguages([]));
  }, [api]);

  // SHELL-069: the languages the server lists that the shell can show in full.
  const offered = languages.filter((l) => SHELL_LANGUAGES.includes(l.value));
  const region = hierarchy.nodes.region;
  const sources = dataSources(region);
  const showSources = session.can('molecula_access', 'read') && sources.length > 1;
  const sourceKey = dataSourceKey(region);
  const currentSource = chosenDataSource(region, localStorage) ?? sources[0];
  // SHELL-043: configured addresses, in a new tab; an entry without one is not shown (issue 14 §5).
  const help = config?.help_urls ?? {};
  const support = help.support ?? config?.support_url ?? null;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

  const menu = (
    <KeyboardMenu data-testid="user-menu-items" initialFocus="first">
      {routes.canOpen(adminDashboardRoute, session.snapshot) && (
        <MenuItem icon="cog" text={t('userMenu.admin')} onClick={() => navigate(adminDashboardRoute.link())} />
      )}
      {help.page && <MenuItem icon="help" text={t('userMenu.helpPage')} href={`${help.page}?page=${encodeURIComponent(pathname)}`} {...external} />}
      {help.center && <MenuItem icon="manual" text={t('userMenu.helpCenter')} href={help.center} {...external} />}
      {support && <MenuItem icon="chat" text={t('userMenu.requestSupport')} href={support} {...external} />}
      {/* Languages and data sources are sections of the menu, not hover submenus: Blueprint's
          submenu puts a live region among the menu's items and an English 'Open sub menu' in
          each name, and a keyboard reaches a section's items with the arrows like the others. */}
      {offered.length > 1 && (
        <div role="group" aria-label={t('userMenu.language')} data-testid="user-menu-languages">
          <MenuTitle>{t('userMenu.language')}</MenuTitle>
          {offered.map((l) => (
            <MenuItem
              key={l.value}
              icon={i18n.language === l.value ? 'tick' : 'blank'}
              text={l.text}
              active={i18n.language === l.value}
              onClick={() => {
                localStorage.setItem(LANGUAGE_KEY, l.value);
                changeLanguage(l.value);
              }}
            />
          ))}
        </div>
      )}
      {showSources && (
        <div role="group" aria-label={t('userMenu.dataSource')}>
          <MenuTitle>{t('userMenu.dataSource')}</MenuTitle>
          {sources.map((s, i) => (
            <MenuItem
              key={s}
              icon={currentSource === s ? 'tick' : 'blank'}
              text={i === 0 ? t('userMenu.dataSourcePrimary') : t('userMenu.dataSourceSecondary')}
              label={s}
              active={currentSource === s}
              onClick={() => {
                // SHELL-045: store the choice and reload.
                localStorage.setItem(sourceKey, s);
                window.location.reload();
              }}
            />
          ))}
        </div>
      )}
      <MenuDivider />
      {session.me?.impersonating ? (
        <MenuItem icon="log-out" text={t('userMenu.stopViewingAs')} onClick={() => session.stopViewingAs()} />
      ) : (
        <MenuItem icon="log-out" text={t('userMenu.logout')} onClick={() => session.logout()} />
      )}
    </KeyboardMenu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        icon="user"
        endIcon="caret-down"
        text={session.fullName}
        aria-label={`${t('userMenu.label')}: ${session.fullName}`}
        data-testid="user-menu"
        variant="minimal"
      />
    </PopoverNext>
  );
});
