import { Button, ButtonGroup, HTMLTable, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { Heading, LoadError, LoadingSpinner, PageTitle, VisuallyHidden } from '@discovery/ui';
import { HierarchyStoreToken, SessionStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_REGIONS, toolboxPermissions as P, type ToolboxCategoryDto, type ToolboxUnitDto } from '../../common';
import { UnitDialog } from '../components/UnitDialog';
import { draftOf, emptyDraft, ToolboxAdminStoreToken, type UnitDraft } from '../stores/ToolboxAdminStore';

/**
 * TBX-012 DESIGN: the toolbox management screen. Units (create, edit, hide, delete) and categories
 * (create, rename, delete, drag to reorder priority; up/down buttons do the same from the keyboard).
 */
const ToolboxAdminPage = observer(function ToolboxAdminPage() {
  const { t } = useTranslation('toolbox');
  const store = useService(ToolboxAdminStoreToken);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const client = hierarchy.nodes.client;
  const clientSlug = client?.slug;
  const [draft, setDraft] = useState<UnitDraft | null>(null);
  const [newCategory, setNewCategory] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  useEffect(() => {
    if (clientSlug) store.load(clientSlug);
  }, [store, clientSlug]);

  if (!client) return null;
  const can = (a: 'create' | 'update' | 'destroy') => session.can(P.read.resource, a);
  const regionNames = (u: ToolboxUnitDto) =>
    u.region_ids.includes(ALL_REGIONS)
      ? t('admin.allRegions')
      : u.region_ids.map((id) => client.regions.find((r) => r.id === id)?.name ?? String(id)).join(', ');
  const cats = store.sortedCategories;
  const move = (from: number, to: number) => {
    store.moveCategory(from, to, client.id);
  };

  return (
    <section data-testid="toolbox-admin-page" style={{ padding: 24, maxWidth: 1200 }}>
      <PageTitle>{t('admin.title', { client: client.name })}</PageTitle>
      {store.list.error ? (
        <LoadError error={store.list.error} onRetry={() => store.load(client.slug)} data-testid="toolbox-admin-error" />
      ) : store.loading && store.units.length === 0 ? (
        <LoadingSpinner size={24} />
      ) : (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 16 }}>
            <Heading level={2} look={4} style={{ margin: 0 }}>
              {t('admin.units')}
            </Heading>
            {can('create') && <Button icon="add" text={t('admin.addUnit')} onClick={() => setDraft(emptyDraft())} data-testid="add-unit" />}
          </div>
          <HTMLTable striped compact style={{ width: '100%', marginTop: 8 }} data-testid="units-table">
            <thead>
              <tr>
                <th>{t('admin.name')}</th>
                <th>{t('admin.status')}</th>
                <th>{t('admin.navCategory')}</th>
                <th>{t('admin.category')}</th>
                <th>{t('admin.regions')}</th>
                <th>{t('admin.opens')}</th>
                <th>{t('admin.url')}</th>
                <th>
                  <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {store.units.map((u) => (
                <tr key={u.id} data-testid={`unit-row-${u.name}`}>
                  <td>{u.name}</td>
                  <td>{u.status ? <Tag intent="success">{t('admin.visible')}</Tag> : <Tag>{t('admin.hiddenTag')}</Tag>}</td>
                  <td>{t(`core:nav.categories.${u.feature_module_category}`)}</td>
                  <td>{store.categoryName(u.category_id) ?? '-'}</td>
                  <td>{regionNames(u)}</td>
                  <td>{u.iframed ? t('admin.embedded') : t('admin.newTab')}</td>
                  <td style={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={u.url}>
                    {u.url}
                  </td>
                  <td>
                    <ButtonGroup variant="minimal">
                      {can('update') && <Button icon="edit" aria-label={t('admin.edit', { name: u.name })} onClick={() => setDraft(draftOf(u))} />}
                      {can('update') &&
                        (u.status ? (
                          <Button icon="eye-off" aria-label={t('admin.hide', { name: u.name })} onClick={() => store.hideUnit(u)} />
                        ) : (
                          <Button icon="eye-open" aria-label={t('admin.show', { name: u.name })} onClick={() => store.showUnit(u)} />
                        ))}
                      {can('destroy') && (
                        <Button
                          icon="trash"
                          intent="danger"
                          aria-label={t('admin.delete', { name: u.name })}
                          onClick={() => {
                            if (window.confirm(t('admin.confirmDelete', { name: u.name }))) store.deleteUnit(u);
                          }}
                        />
                      )}
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>

          <Heading level={2} look={4} style={{ marginTop: 32 }}>
            {t('admin.categories')}
          </Heading>
          <p className="bp6-text-muted">{t('admin.dragHint')}</p>
          <HTMLTable striped compact style={{ width: '100%', maxWidth: 720 }} data-testid="categories-table">
            <thead>
              <tr>
                <th>{t('admin.priority')}</th>
                <th>{t('admin.name')}</th>
                <th>{t('admin.status')}</th>
                <th>
                  <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {cats.map((c: ToolboxCategoryDto, i) => (
                <tr
                  key={c.id}
                  data-testid={`category-row-${c.name}`}
                  draggable={can('update')}
                  onDragStart={(e) => {
                    setDragFrom(i);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragFrom !== null) move(dragFrom, i);
                    setDragFrom(null);
                  }}
                  style={{ cursor: can('update') ? 'grab' : undefined }}
                >
                  <td>{c.priority}</td>
                  <td>{c.name}</td>
                  <td>
                    <Switch
                      checked={c.status}
                      disabled={!can('update')}
                      label={c.status ? t('admin.active') : t('admin.inactive')}
                      onChange={(e) => store.saveCategory({ id: c.id, name: c.name, status: e.currentTarget.checked })}
                    />
                  </td>
                  <td>
                    <ButtonGroup variant="minimal">
                      {can('update') && (
                        <Button icon="arrow-up" disabled={i === 0} aria-label={t('admin.moveUp', { name: c.name })} onClick={() => move(i, i - 1)} />
                      )}
                      {can('update') && (
                        <Button
                          icon="arrow-down"
                          disabled={i === cats.length - 1}
                          aria-label={t('admin.moveDown', { name: c.name })}
                          onClick={() => move(i, i + 1)}
                        />
                      )}
                      {can('destroy') && (
                        <Button
                          icon="trash"
                          intent="danger"
                          aria-label={t('admin.delete', { name: c.name })}
                          onClick={() => {
                            if (window.confirm(t('admin.confirmDelete', { name: c.name }))) store.deleteCategory(c);
                          }}
                        />
                      )}
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {can('create') && (
            <form
              style={{ display: 'flex', gap: 8, marginTop: 8, maxWidth: 480 }}
              onSubmit={async (e) => {
                e.preventDefault();
                if (await store.saveCategory({ id: null, name: newCategory, status: true })) setNewCategory('');
              }}
            >
              <InputGroup
                placeholder={t('admin.newCategory')}
                aria-label={t('admin.newCategory')}
                value={newCategory}
                onChange={(e) => setNewCategory(e.target.value)}
                intent={!draft && store.serverErrors.name ? 'danger' : 'none'}
                fill
              />
              <Button type="submit" icon="add" text={t('admin.addCategory')} />
            </form>
          )}
        </>
      )}
      {draft && (
        <UnitDialog
          initial={draft}
          regions={client.regions}
          categories={cats}
          serverErrors={store.serverErrors}
          saving={store.saving}
          onClose={() => setDraft(null)}
          onSave={async (d) => {
            if (await store.saveUnit(d)) setDraft(null);
          }}
        />
      )}
    </section>
  );
});

export default ToolboxAdminPage;
