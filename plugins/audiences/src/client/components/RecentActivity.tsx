import { audienceDetailRoute, audiencesOverviewRoute, ShellModalsToken } from '@discovery/insights-kit';
import { Button, Classes, HTMLSelect, HTMLTable, Icon, Spinner, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { Heading, StateMessage } from '@discovery/ui';
import { effectiveCompanyId } from '@discovery/plugin-api';
import { audienceTypeLabelKey, formatCount, formatDate, HierarchyStoreToken, RouteTableToken, SessionStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { amsPermissions, type HomeEntityRow } from '../../common';
import { ActivityStoreToken } from '../stores/ActivityStore';
import { ActivationsTable } from './ActivationsTable';

type SortKey = 'name' | 'people' | 'created_at';

/** SHELL-106: newest first, then the last 5 or 10; then the user's column sort. */
export function recentRows(rows: HomeEntityRow[], limit: 5 | 10, sort: { key: SortKey; desc: boolean } | null): HomeEntityRow[] {
  const newest = [...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)).slice(0, limit);
  if (!sort) return newest;
  const v = (r: HomeEntityRow) =>
    sort.key === 'name' ? r.name.toLowerCase() : sort.key === 'people' ? (r.count.people.global ?? -1) : Date.parse(r.created_at);
  return newest.sort((a, b) => {
    const c = v(a) < v(b) ? -1 : v(a) > v(b) ? 1 : 0;
    return sort.desc ? -c : c;
  });
}

/**
 * 'Your Recent Audience Activity' on the home page (SHELL-100..116): recent audiences and
 * lookalikes of the context, and AMS activations for users with ams_activation.read.
 */
export const RecentActivity = observer(function RecentActivity() {
  const { t } = useTranslation('audiences');
  const tc = useTranslation().t;
  const store = useService(ActivityStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const modals = useService(ShellModalsToken);
  const routes = useService(RouteTableToken);
  const navigate = useNavigate();
  const [limit, setLimit] = useState<5 | 10>(5);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean } | null>(null);
  const context = hierarchy.fullSlug;
  const product = hierarchy.nodes.product;
  const canAms = session.can(amsPermissions.read.resource, 'read');
  const company = effectiveCompanyId(hierarchy.nodes);

  useEffect(() => {
    store.loadRecent({ product: Boolean(product), company, context, canAms });
  }, [store, context, product, canAms, company]);
  const { rows, activations } = store;

  const sortBy = (key: SortKey) => setSort((s) => (s?.key === key ? { key, desc: !s.desc } : { key, desc: key !== 'name' }));
  const header = (key: SortKey, label: string) => (
    <th aria-sort={sort?.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="discovery-sort" onClick={() => sortBy(key)} data-testid={`recent-sort-${key}`}>
        {label} <Icon icon={sort?.key === key ? (sort.desc ? 'caret-down' : 'caret-up') : 'double-caret-vertical'} size={12} />
      </button>
    </th>
  );

  // SHELL-100: a loading indicator until both lists are in; the tabs only then.
  if (rows === null || activations === null) return <Spinner size={32} aria-label={tc('loading')} data-testid="recent-loading" />;

  const shown = recentRows(rows, limit, sort);
  const audiencesPanel =
    rows.length === 0 ? (
      <StateMessage
        level={3}
        icon="database"
        title={t('home.unavailable')}
        // SHELL-110, where the overview can open from this context (not in a region without brands).
        action={
          routes.canOpen(audiencesOverviewRoute, session.snapshot) ? (
            <Link to={audiencesOverviewRoute.link(hierarchy.selection)}>{t('home.goToAudiences')}</Link>
          ) : undefined
        }
        data-testid="recent-empty"
      />
    ) : (
      <>
        <label className={Classes.TEXT_MUTED} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
          {t('home.show')}
          <HTMLSelect
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value) as 5 | 10)}
            data-testid="recent-limit"
            options={[
              { value: 5, label: t('home.last', { n: 5 }) },
              { value: 10, label: t('home.last', { n: 10 }) },
            ]}
          />
        </label>
        <HTMLTable interactive style={{ width: '100%' }} data-testid="recent-audiences">
          <thead>
            <tr>
              {header('name', t('overview.name'))}
              {header('people', t('overview.people'))}
              {header('created_at', t('overview.created'))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={`${r.type}-${r.id}`}
                onClick={() => navigate(audienceDetailRoute.link(hierarchy.selection, { type: r.type, id: r.id }))}
                style={{ cursor: 'pointer' }}
                data-testid={`recent-row-${r.type}-${r.id}`}
              >
                <td>
                  {r.name}{' '}
                  {(r.audience_type === 'pve' || r.source_identifier) && (
                    <Tag minimal intent={r.audience_type === 'pve' ? 'success' : 'none'}>
                      {tc(audienceTypeLabelKey(r))}
                    </Tag>
                  )}
                </td>
                <td>
                  {formatCount(r.count.people.global)}
                  {r.count.people.global === 0 && (
                    <Tooltip content={t('home.zeroWhy')}>
                      <Button
                        minimal
                        small
                        intent="warning"
                        icon="warning-sign"
                        aria-label={t('home.zeroWhy')}
                        onClick={(e) => {
                          e.stopPropagation();
                          modals.openZeroCount();
                        }}
                      />
                    </Tooltip>
                  )}
                </td>
                <td>{formatDate(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {/* Issue 27 §6: which base 'People Count' is (the builder's 'All regions'). */}
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }} data-testid="recent-people-base">
          {t('overview.peopleBase')}
        </p>
      </>
    );

  return (
    <section data-testid="recent-activity">
      <Heading level={2} look={4}>
        {t('home.heading')}
      </Heading>
      <Tabs id="recent-activity" renderActiveTabPanelOnly>
        <Tab id="audiences" title={t('home.audiences')} panel={audiencesPanel} />
        {canAms && <Tab id="activations" title={t('home.activations')} panel={<ActivationsTable rows={activations} level={3} />} />}
      </Tabs>
    </section>
  );
});
