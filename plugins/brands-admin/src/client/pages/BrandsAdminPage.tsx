import { Button, Callout, FormGroup, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import { useService } from '@discovery/platform';
import { ConfirmDialog, LoadError, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ALL_REGIONS_SLUG } from '../../common';
import { BrandCard } from '../components/BrandCard';
import { RegionDropdown } from '../components/RegionDropdown';
import { SegmentMappingPane } from '../components/SegmentMappingPane';
import { styles } from '../components/styles';
import { BrandsAdminStoreToken } from '../stores/BrandsAdminStore';

/** Brand Management (000 §2.10): {client}/brands/admin and {client}/{region}/brands/admin. */
const BrandsAdminPage = observer(function BrandsAdminPage() {
  const { t } = useTranslation('brands-admin');
  const store = useService(BrandsAdminStoreToken);
  const navigate = useNavigate();
  const { clientSlug = '', regionSlug = ALL_REGIONS_SLUG } = useParams();

  useEffect(() => {
    store.show(clientSlug, regionSlug);
  }, [store, clientSlug, regionSlug]);
  // Leaving the page closes the mapper (its context goes back) and forgets unsaved forms.
  useEffect(() => () => store.leave(), [store]);

  const pending = store.pendingDelete;
  const pendingName = pending ? (pending.product ? (pending.product.saved?.name ?? '') : (pending.brand.saved?.name ?? '')) : '';
  const brands = store.visibleBrands;

  return (
    <section style={styles.page} data-testid="brands-admin-page">
      {/* BRAND-004 */}
      <PageTitle>{t('title')}</PageTitle>
      <p data-testid="brands-admin-hint">{t('hint')}</p>

      {/* BRAND-005: Client select, searchable Region dropdown with All, Brands count badge, Add Brand. */}
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: 16, marginBottom: 16 }} data-testid="brands-toolbar">
        <FormGroup label={t('client')} labelFor="brands-admin-client" style={{ marginBottom: 0 }}>
          <HTMLSelect
            id="brands-admin-client"
            value={clientSlug}
            onChange={(e) => navigate(store.pathFor(e.target.value))}
            options={store.clients.map((c) => ({ value: c.slug, label: c.name }))}
            data-testid="client-select"
          />
        </FormGroup>
        <FormGroup label={t('region')} style={{ marginBottom: 0 }}>
          <RegionDropdown options={store.regionOptions} value={regionSlug} onChange={(slug) => navigate(store.pathFor(clientSlug, slug))} />
        </FormGroup>
        <span style={{ display: 'flex', alignItems: 'center', gap: 6, paddingBottom: 6 }}>
          {t('brandsCount')}
          <Tag round intent="primary" data-testid="brands-count">
            {store.count}
          </Tag>
        </span>
        <div style={{ flex: 1 }} />
        <Button intent="primary" icon="add" text={t('addBrand')} disabled={!store.canAddBrand} onClick={() => store.addBrand()} data-testid="add-brand" />
      </div>

      {store.notice && (
        <Callout intent="danger" icon="error" style={{ marginBottom: 16 }} data-testid="page-notice">
          <div style={{ display: 'flex', alignItems: 'center' }}>
            <span style={{ flex: 1 }}>{store.notice}</span>
            <Button variant="minimal" size="small" icon="cross" aria-label={t('confirm.cancel')} onClick={() => store.dismissNotice()} />
          </div>
        </Callout>
      )}

      {store.list.error ? (
        <LoadError error={store.list.error} onRetry={() => store.reload()} data-testid="brands-load-error" />
      ) : store.loading && !store.loaded ? (
        <Spinner aria-label={t('loading')} />
      ) : brands.length === 0 ? (
        // BRAND-008
        <StateMessage icon="tag" title={t('noBrands.title')} description={t('noBrands.text')} data-testid="no-brands" />
      ) : (
        <div data-testid="brand-list">
          {brands.map((b) => (
            <BrandCard key={b.key} store={store} brand={b} />
          ))}
        </div>
      )}

      {/* BRAND-025 / BRAND-046: confirmation before a delete. */}
      <ConfirmDialog
        isOpen={pending !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('confirm.delete')}
        cancelButtonText={t('confirm.cancel')}
        loading={store.deleting}
        onConfirm={() => store.confirmDelete()}
        onCancel={() => store.cancelDelete()}
        title={pending?.product ? t('confirm.deleteProduct', { name: pendingName }) : t('confirm.deleteBrand', { name: pendingName })}
        data-testid="confirm-text"
      />

      <SegmentMappingPane mapper={store.mapper} />
    </section>
  );
});

export default BrandsAdminPage;
