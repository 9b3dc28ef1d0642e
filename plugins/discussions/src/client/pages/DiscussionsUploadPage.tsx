import { Button, Callout, Card, Classes, FormGroup, HTMLTable, InputGroup, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import { Heading, LoadError, LoadingSpinner, PageTitle, SlideInPanel, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DISCUSSION_RULES } from '../../common';
import { DiscussionsUploadStoreToken, type DiscussionsUploadStore } from '../stores/DiscussionsUploadStore';

/** Discussions Upload (002 §2.5): {client}/{region}/upload/discussions_upload/admin. */
const DiscussionsUploadPage = observer(function DiscussionsUploadPage() {
  const { t } = useTranslation('discussions');
  const store = useService(DiscussionsUploadStoreToken);
  const { clientSlug = '' } = useParams();

  useEffect(() => {
    store.load(clientSlug);
  }, [store, clientSlug]);
  // Leaving the page forgets an unsaved drawer.
  useEffect(() => () => store.close(), [store]);

  return (
    <section style={{ padding: 24, maxWidth: 960 }} data-testid="discussions-upload-page">
      {/* UPL-020 */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <PageTitle style={{ margin: 0, flex: 1 }}>{t('title')}</PageTitle>
        <Button intent="primary" icon="add" text={t('newDiscussion')} onClick={() => store.open()} data-testid="new-discussion" />
      </div>
      <p>{t('hint')}</p>
      <Library store={store} clientSlug={clientSlug} />
      <DiscussionDrawer store={store} />
    </section>
  );
});

/** UPL-020: the client's discussions; a click opens one in the drawer (UPL-021). */
const Library = observer(function Library({ store, clientSlug }: { store: DiscussionsUploadStore; clientSlug: string }) {
  const { t } = useTranslation('discussions');
  if (store.list.error) {
    return <LoadError title={t('loadFailed')} error={store.list.error} onRetry={() => store.load(clientSlug, true)} data-testid="discussions-load-failed" />;
  }
  if (!store.loaded) return <LoadingSpinner />;
  if (!store.nodes.length) return <StateMessage icon="chat" title={t('emptyTitle')} description={t('emptyHint')} data-testid="discussions-empty" />;
  return (
    <section aria-labelledby="discussions-library-title">
      <Heading level={2} look={4} id="discussions-library-title">
        {t('library')}
      </Heading>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }} data-testid="discussions-library">
        {store.nodes.map((n) => (
          <li key={n.id}>
            <Card compact style={{ display: 'flex', alignItems: 'center', gap: 12 }} data-testid="discussion-item" data-name={n.name}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Button variant="minimal" intent="primary" text={n.name} onClick={() => store.open(n)} aria-label={t('open', { name: n.name })} />
                {n.description && (
                  <div className={Classes.TEXT_MUTED} style={{ paddingLeft: 10 }}>
                    {n.description}
                  </div>
                )}
              </div>
              <Tag minimal data-testid="cluster-count">
                {t('clusters', { count: n.discussion_clusters.length })}
              </Tag>
              {n.in_use && (
                <Tag minimal intent="warning" data-testid="in-use">
                  {t('inUse')}
                </Tag>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
});

/** UPL-021..030: the 600 px drawer 'Create Cluster' / 'Edit Cluster'. */
const DiscussionDrawer = observer(function DiscussionDrawer({ store }: { store: DiscussionsUploadStore }) {
  const { t } = useTranslation('discussions');
  const d = store.draft;
  const editing = store.editing;
  const nameError = d?.touched ? store.nameError : null;
  const footer = d && (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Button intent="primary" text={t('save')} disabled={!store.canSave} loading={store.busy} onClick={() => store.save()} data-testid="discussion-save" />
      {editing &&
        (store.deleteBlocked ? (
          // UPL-027: a disabled button gets no pointer events; the wrapper carries the tooltip and the focus.
          <Tooltip content={t('deleteBlocked')} placement="top">
            <span tabIndex={0} aria-label={t('deleteBlocked')} data-testid="discussion-delete-blocked">
              <Button intent="danger" text={t('delete')} disabled data-testid="discussion-delete" />
            </span>
          </Tooltip>
        ) : (
          <Button intent="danger" text={t('delete')} disabled={store.busy} onClick={() => store.remove()} data-testid="discussion-delete" />
        ))}
      <Button text={t('cancel')} onClick={() => store.close()} data-testid="discussion-cancel" />
      <div style={{ flex: 1 }} />
      <Button
        variant="minimal"
        icon="properties"
        text={store.showRules ? t('hideRules') : t('showRules')}
        onClick={() => store.toggleRules()}
        data-testid="discussion-rules-toggle"
      />
    </div>
  );
  return (
    <SlideInPanel
      isOpen={!!d}
      onClose={() => store.close()}
      title={d?.id ? t('editCluster') : t('createCluster')}
      width={600}
      testId="discussion-drawer"
      footer={footer}
    >
      {d && (
        <>
          {store.showRules && (
            <Card style={{ marginBottom: 16 }} data-testid="discussion-rules">
              <Heading level={3} look={5}>
                {t('rulesTitle')}
              </Heading>
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {DISCUSSION_RULES.map((_, i) => (
                  <li key={i}>{t(`rules.${i}`)}</li>
                ))}
              </ul>
            </Card>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              store.save();
            }}
          >
            {/* UPL-025 / UPL-031: the ID the template's column A and the Grow uploader need. */}
            {d.id !== null && (
              <p data-testid="discussion-id">
                <strong>{t('discussionId')}</strong> {d.id}
              </p>
            )}
            <FormGroup
              label={t('name')}
              labelFor="discussion-name"
              labelInfo={t('required')}
              intent={nameError ? 'danger' : 'none'}
              helperText={nameError ?? undefined}
            >
              <InputGroup
                id="discussion-name"
                value={d.name}
                intent={nameError ? 'danger' : 'none'}
                onChange={(e) => store.setName(e.target.value)}
                data-testid="discussion-name"
              />
            </FormGroup>
            <FormGroup label={t('description')} labelFor="discussion-description">
              <TextArea
                id="discussion-description"
                value={d.description}
                fill
                rows={4}
                onChange={(e) => store.setDescription(e.target.value)}
                data-testid="discussion-description"
              />
            </FormGroup>
          </form>
          <UploadSteps store={store} />
          {editing && (
            <Callout intent="none" icon="chat" data-testid="discussion-clusters">
              {editing.discussion_clusters.length
                ? t('clusterList', {
                    count: editing.discussion_clusters.length,
                    names: editing.discussion_clusters.map((c) => c.name || `#${c.id}`).join(', '),
                  })
                : t('noClusters')}
            </Callout>
          )}
        </>
      )}
    </SlideInPanel>
  );
});

/** UPL-024 / UPL-025 / UPL-031: download the template, edit it, choose or drop the .xls; Save uploads it. */
const UploadSteps = observer(function UploadSteps({ store }: { store: DiscussionsUploadStore }) {
  const { t } = useTranslation('discussions');
  const d = store.draft;
  // The drawer closing: this child may render once more before its parent drops it.
  if (!d) return null;
  return (
    <section aria-labelledby="discussion-steps-title" style={{ marginBottom: 16 }} data-testid="discussion-steps">
      <Heading level={3} look={5} id="discussion-steps-title">
        {t('steps.title')}
      </Heading>
      <ol style={{ paddingLeft: 18, display: 'grid', gap: 8 }}>
        <li>
          <strong>{t('steps.download')}</strong>{' '}
          <Button size="small" icon="download" text={t('steps.download')} onClick={() => store.downloadTemplate()} data-testid="discussion-template" />
        </li>
        <li>
          <strong>{t('steps.edit')}</strong> {t('steps.editHint')}
        </li>
        <li
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            store.setFile(e.dataTransfer.files[0] ?? null);
          }}
          data-testid="discussion-drop"
        >
          <strong>{t('steps.upload')}</strong>
          <FormGroup
            label={t('steps.file')}
            labelFor="discussion-file"
            intent={d.fileError ? 'danger' : 'none'}
            helperText={d.fileError ?? t('steps.drop')}
            style={{ marginTop: 4 }}
          >
            {/* A native chooser: Blueprint's FileInput draws its placeholder below 4.5:1 contrast. */}
            <input
              id="discussion-file"
              type="file"
              accept=".xls"
              onChange={(e) => store.setFile(e.target.files?.[0] ?? null)}
              data-testid="discussion-file-input"
            />
            {d.file && (
              <div style={{ marginTop: 4 }} data-testid="discussion-file">
                {t('steps.chosen', { name: d.file.name })}
              </div>
            )}
          </FormGroup>
        </li>
      </ol>
      {d.uploadErrors.length > 0 && (
        <Callout intent="danger" title={t('errors.title')} data-testid="discussion-upload-errors">
          <HTMLTable compact>
            <thead>
              <tr>
                <th>{t('errors.column')}</th>
                <th>{t('errors.row')}</th>
                <th>{t('errors.error')}</th>
              </tr>
            </thead>
            <tbody>
              {d.uploadErrors.map((e, i) => (
                <tr key={i}>
                  <td>{e.column}</td>
                  <td>{e.row}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Callout>
      )}
    </section>
  );
});

export default DiscussionsUploadPage;
