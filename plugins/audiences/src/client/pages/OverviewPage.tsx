import { audienceBuilderLink, audienceDetailRoute, ShellModalsToken } from '@discovery/insights-kit';
import { Button, Classes, DialogBody, DialogFooter, FormGroup, HTMLTable, Icon, InputGroup, Tag } from '@blueprintjs/core';
import {
  audienceTypeLabelKey,
  formatCount,
  formatDate,
  HierarchyStoreToken,
  SessionStoreToken,
  ToastStoreToken,
  TOAST_DURATIONS,
  useService,
} from '@discovery/platform';
import { AppDialog, ConfirmDialog, LoadError, LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { AudienceDto } from '../../common';
import { SharedWithYou } from '../components/SharedWithYou';
import { AudiencesStoreToken, DeleteRefused, type OverviewRow, type SortKey } from '../stores/AudiencesStore';

const SortHeader = observer(function SortHeader({ column, label }: { column: SortKey; label: string }) {
  const store = useService(AudiencesStoreToken);
  const { t } = useTranslation('audiences');
  const active = store.sort.key === column;
  return (
    <th aria-sort={active ? (store.sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        className="discovery-sort"
        onClick={() => store.sortBy(column)}
        title={t('overview.sortBy', { column: label })}
        data-testid={`sort-${column}`}
      >
        {label} <Icon icon={active ? (store.sort.desc ? 'caret-down' : 'caret-up') : 'double-caret-vertical'} size={12} />
      </button>
    </th>
  );
});

/** The overview (SHELL-022): sortable list of the context's audiences and lookalikes. */
const OverviewPage = observer(function OverviewPage() {
  const { t } = useTranslation('audiences');
  const tc = useTranslation().t;
  const store = useService(AudiencesStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const modals = useService(ShellModalsToken);
  const toasts = useService(ToastStoreToken);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<OverviewRow | null>(null);
  const [seed, setSeed] = useState<AudienceDto | null>(null);
  const [lookalikeName, setLookalikeName] = useState('');
  const [lookalikeError, setLookalikeError] = useState<string | null>(null);
  const context = hierarchy.fullSlug;

  useEffect(() => {
    store.load(context);
  }, [store, context]);

  const can = (action: 'create' | 'update' | 'destroy') => session.can('audiences', action);

  const remove = (row: OverviewRow) => {
    setConfirm(null);
    store.remove(row).then(
      (message) => toasts.success(message),
      (e: unknown) => toasts.error((e as Error).message, e instanceof DeleteRefused ? undefined : TOAST_DURATIONS.deleteError),
    );
  };

  const createLookalike = () => {
    if (!seed) return;
    store.createLookalike(seed, lookalikeName).then(
      (l) => {
        toasts.success(t('overview.lookalikeCreated', { name: l.name }));
        setSeed(null);
      },
      (e: unknown) => setLookalikeError((e as Error).message),
    );
  };

  const openDetails = (r: OverviewRow) =>
    modals.openAudienceDetails({
      id: r.id,
      name: r.name,
      type: r.type,
      audience_type: r.audience_type,
      source_identifier: r.source_identifier,
      people: r.count.people.global,
      created_at: r.created_at,
    });

  return (
    <section data-testid="audiences-overview">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <PageTitle style={{ margin: 0, flex: 1 }}>{t('overview.heading')}</PageTitle>
        <InputGroup
          leftIcon="search"
          placeholder={t('overview.search')}
          value={store.query}
          onValueChange={(v) => store.setQuery(v)}
          data-testid="audiences-search"
          style={{ width: 260 }}
        />
        {can('create') && (
          <Button
            intent="primary"
            icon="add"
            text={t('overview.new')}
            onClick={() => navigate(audienceBuilderLink(hierarchy.selection, { action: 'create' }))}
            data-testid="audiences-new"
          />
        )}
      </div>
      <p className={Classes.TEXT_MUTED}>{t('overview.hint')}</p>
      {store.list.error ? (
        <LoadError error={store.list.error} onRetry={() => store.load(context)} data-testid="audiences-load-error" />
      ) : store.list.status !== 'ready' ? (
        <LoadingSpinner size={32} />
      ) : store.rows.length === 0 ? (
        <StateMessage icon="people" title={t('overview.empty')} description={t('overview.emptyHint')} />
      ) : store.visible.length === 0 ? (
        <StateMessage icon="search" title={t('overview.noMatch', { query: store.query })} />
      ) : (
        <HTMLTable interactive striped style={{ width: '100%' }} data-testid="audiences-table">
          <thead>
            <tr>
              <SortHeader column="name" label={t('overview.name')} />
              <th>{t('overview.type')}</th>
              <SortHeader column="people" label={t('overview.people')} />
              <SortHeader column="created_at" label={t('overview.created')} />
              <th>{t('overview.createdBy')}</th>
              <th>{t('overview.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {store.visible.map((r) => (
              <tr key={`${r.type}-${r.id}`} data-testid={`audience-row-${r.type}-${r.id}`}>
                <td>
                  <Link to={audienceDetailRoute.link(hierarchy.selection, { type: r.type, id: r.id })}>{r.name}</Link>
                </td>
                <td>
                  <Tag minimal intent={r.audience_type === 'pve' ? 'success' : r.type === 'lookalike' ? 'primary' : 'none'}>
                    {tc(audienceTypeLabelKey(r))}
                  </Tag>
                </td>
                <td data-testid="people">{formatCount(r.count.people.global)}</td>
                <td>{formatDate(r.created_at)}</td>
                <td>{r.created_by ?? ''}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <Button
                    minimal
                    small
                    icon="info-sign"
                    title={t('overview.details')}
                    aria-label={t('overview.details')}
                    onClick={() => openDetails(r)}
                    data-testid="audience-details"
                  />
                  {r.type === 'audience' && can('update') && (
                    <Button
                      minimal
                      small
                      icon="edit"
                      title={t('overview.edit')}
                      aria-label={t('overview.edit')}
                      onClick={() => navigate(audienceBuilderLink(hierarchy.selection, { action: 'edit', id: r.id }))}
                    />
                  )}
                  {r.type === 'audience' && can('create') && (
                    <Button
                      minimal
                      small
                      icon="social-media"
                      title={t('overview.lookalike')}
                      aria-label={t('overview.lookalike')}
                      data-testid="audience-lookalike"
                      onClick={() => {
                        setSeed(r);
                        setLookalikeName(t('overview.lookalikeDefault', { name: r.name }));
                        setLookalikeError(null);
                      }}
                    />
                  )}
                  {can('destroy') && (
                    <Button
                      minimal
                      small
                      intent="danger"
                      icon="trash"
                      title={t('overview.delete')}
                      aria-label={t('overview.delete')}
                      onClick={() => setConfirm(r)}
                      data-testid="audience-delete"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {!store.list.error && store.list.status === 'ready' && store.visible.length > 0 && (
        // Issue 27 §6: which base 'People Count' is (the builder's 'All regions').
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }} data-testid="people-base">
          {t('overview.peopleBase')}
        </p>
      )}
      {/* EXP-052: what other clients shared with this one. */}
      <SharedWithYou />
      <ConfirmDialog
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('overview.delete')}
        cancelButtonText={t('overview.cancel')}
        onConfirm={() => confirm && remove(confirm)}
        onCancel={() => setConfirm(null)}
        title={t('overview.deleteTitle', { name: confirm?.name })}
      >
        <p>{confirm?.type === 'lookalike' ? t('overview.deleteLookalike') : t('overview.deleteAudience')}</p>
      </ConfirmDialog>
      <AppDialog isOpen={seed !== null} onClose={() => setSeed(null)} title={t('overview.lookalikeTitle', { name: seed?.name })}>
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{t('overview.lookalikeHint')}</p>
          <FormGroup label={t('overview.lookalikeName')} labelFor="lookalike-name" intent={lookalikeError ? 'danger' : 'none'} helperText={lookalikeError}>
            <InputGroup id="lookalike-name" value={lookalikeName} onValueChange={setLookalikeName} intent={lookalikeError ? 'danger' : 'none'} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('overview.cancel')} onClick={() => setSeed(null)} />
              <Button intent="primary" text={t('overview.create')} onClick={createLookalike} data-testid="lookalike-create" />
            </>
          }
        />
      </AppDialog>
    </section>
  );
});

export default OverviewPage;
