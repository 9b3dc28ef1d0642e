import { Button, Callout, Card, FormGroup, InputGroup, Menu, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { Heading } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { companyIdValue, effectiveCompanyId } from '../../common';
import type { BrandForm } from '../models/BrandForm';
import type { BrandsAdminStore } from '../stores/BrandsAdminStore';
import { CompanyIdInput, CompanyIdValue } from './CompanyIdInput';
import { styles } from './styles';
import { ProductCard } from './ProductCard';

/** A brand card (BRAND-011..035): view or edit mode, with its product list and Save. */
export const BrandCard = observer(function BrandCard({ store, brand }: { store: BrandsAdminStore; brand: BrandForm }) {
  const { t } = useTranslation('brands-admin');
  const id = brand.key;
  const mapperOpen = store.mapper.isOpen;
  const client = store.client;
  const title = brand.saved?.name ?? (brand.name.trim() || t('addBrand'));
  const regionNames = (ids: number[]) => ids.map((r) => store.regionName(r)).join(', ') || t('brand.none');
  const canAddProduct = store.can('products', 'create') || (brand.isNew && store.can('brands', 'create'));

  const menu = (
    <Menu data-testid="brand-menu">
      {!brand.isNew && (
        <MenuItem
          icon="edit"
          text={t('brand.edit')}
          disabled={brand.open || !store.can('brands', 'update')}
          onClick={() => brand.edit()}
          data-testid="brand-edit"
        />
      )}
      <MenuItem
        icon="trash"
        intent="danger"
        text={t('brand.delete')}
        disabled={!brand.isNew && !store.can('brands', 'destroy')}
        onClick={() => store.requestDeleteBrand(brand)}
        data-testid="brand-delete"
      />
    </Menu>
  );

  const header = (
    <div style={styles.cardHeader}>
      <Button
        variant="minimal"
        icon={brand.expanded ? 'chevron-down' : 'chevron-right'}
        aria-label={brand.expanded ? t('brand.hideProducts') : t('brand.showProducts')}
        aria-expanded={brand.expanded}
        disabled={!brand.canToggle(mapperOpen)}
        onClick={() => brand.toggleExpanded(mapperOpen)}
        data-testid="brand-toggle"
      />
      <Heading level={2} look={4} style={{ margin: 0 }} data-testid="brand-title">
        {title}
      </Heading>
      {brand.isNew && (
        <Tag intent="warning" data-testid="not-saved">
          {t('brand.notSaved')}
        </Tag>
      )}
      <div style={{ flex: 1 }} />
      {!brand.open && store.siteVisitation && brand.id !== null && client && (
        <Button
          icon="layers"
          text={t('brand.openMapper')}
          active={store.mapper.brand === brand}
          onClick={() => store.mapper.toggle(brand, client, store.region?.slug)}
          data-testid="open-mapper"
        />
      )}
      {!brand.open && canAddProduct && <Button icon="add" text={t('brand.addProduct')} onClick={() => brand.addProduct()} data-testid="add-product" />}
      <PopoverNext content={menu} placement="bottom-end" animation="minimal" arrow={false}>
        <Button variant="minimal" icon="more" aria-label={t('brand.actions')} data-testid="brand-menu-button" />
      </PopoverNext>
    </div>
  );

  let body;
  if (brand.open) {
    // BRAND-015: edit mode.
    const v = brand.fieldViolations;
    const nameMessage = v.name && (brand.touched.has('name') || !brand.isNew) ? t(`validation.${v.name}`) : undefined;
    const listId = `${id}-categories`;
    body = (
      <div style={styles.brandForm} data-testid="brand-form">
        <FormGroup label={t('brand.name')} labelFor={`${id}-name`} labelInfo="*" intent={nameMessage ? 'danger' : 'none'} helperText={nameMessage}>
          <InputGroup
            id={`${id}-name`}
            value={brand.name}
            required
            intent={nameMessage ? 'danger' : 'none'}
            onChange={(e) => brand.setName(e.target.value)}
            onBlur={() => brand.touch('name')}
            data-testid="brand-name-input"
          />
        </FormGroup>
        <FormGroup label={t('brand.category')} labelFor={`${id}-category`}>
          {/* BRAND-016: free text, suggesting the client's categories. */}
          <InputGroup
            id={`${id}-category`}
            value={brand.category}
            list={listId}
            onChange={(e) => brand.setCategory(e.target.value)}
            data-testid="brand-category-input"
          />
          <datalist id={listId}>
            {store.categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </FormGroup>
        <FormGroup label={t('brand.regions')} labelFor={`${id}-regions`} helperText={t('brand.regionsHint')}>
          <InputGroup id={`${id}-regions`} readOnly value={regionNames(brand.regionIds)} data-testid="brand-regions-readonly" />
        </FormGroup>
        <FormGroup
          label={t('brand.companyId')}
          labelFor={`${id}-company`}
          intent={v.companyId ? 'danger' : 'none'}
          helperText={v.companyId ? t(`validation.${v.companyId}`) : undefined}
        >
          <CompanyIdInput
            id={`${id}-company`}
            value={brand.companyId}
            invalid={Boolean(v.companyId)}
            onChange={(x) => brand.setCompanyId(x)}
            testId="brand-company-input"
          />
        </FormGroup>
        <div style={styles.actions}>
          <Button intent="primary" text={t('brand.apply')} disabled={!brand.canApply} onClick={() => brand.apply()} data-testid="brand-apply" />
          <Button text={t('brand.cancel')} onClick={() => store.cancelBrand(brand)} data-testid="brand-cancel" />
        </div>
      </div>
    );
  } else {
    // BRAND-011 / BRAND-012: view mode; the client's Company ID, muted, when the brand has none.
    const company = effectiveCompanyId(brand.saved?.conversant_company_id, client?.conversant_company_id);
    body = (
      <dl style={styles.fields} data-testid="brand-view">
        <dt style={styles.term}>{t('brand.name')}</dt>
        <dd style={styles.value} data-testid="brand-name">
          {brand.saved?.name ?? brand.name}
        </dd>
        <dt style={styles.term}>{t('brand.category')}</dt>
        <dd style={styles.value} data-testid="brand-category">
          {(brand.saved ? brand.saved.category : brand.category) || t('brand.none')}
        </dd>
        <dt style={styles.term}>{t('brand.regions')}</dt>
        <dd style={styles.value} data-testid="brand-regions">
          {regionNames(brand.saved ? brand.savedRegionIds : brand.regionIds)}
        </dd>
        <dt style={styles.term}>{t('brand.companyId')}</dt>
        <dd style={styles.value}>
          <CompanyIdValue
            value={brand.saved ? company.value : companyIdValue(brand.companyId)}
            inherited={brand.saved ? company.inherited : false}
            title={t('brand.inherited')}
            testId="brand-company-id"
          />
        </dd>
      </dl>
    );
  }

  return (
    <Card style={styles.brandCard} data-testid="brand-card" data-brand={brand.saved?.name ?? ''} data-key={brand.key} data-mode={brand.open ? 'edit' : 'view'}>
      {header}
      {body}
      {brand.notice && (
        <Callout intent="danger" icon="error" style={{ marginTop: 8 }} data-testid="brand-notice">
          {brand.notice}
        </Callout>
      )}
      {brand.expanded && (
        <div style={styles.productList} data-testid="product-list">
          {brand.products.map((p) => (
            <ProductCard key={p.key} store={store} brand={brand} product={p} />
          ))}
          {/* BRAND-020: Save shows while any product is open. */}
          {brand.anyProductOpen && (
            <div style={styles.actions}>
              <Button
                intent="primary"
                icon="floppy-disk"
                text={t('brand.save')}
                disabled={!brand.canSave}
                loading={brand.submitting}
                onClick={() => store.save(brand)}
                data-testid="brand-save"
              />
            </div>
          )}
        </div>
      )}
    </Card>
  );
});
