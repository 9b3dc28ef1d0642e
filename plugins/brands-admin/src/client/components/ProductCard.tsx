import { Button, Card, Checkbox, FormGroup, InputGroup, Tag, Tooltip } from '@blueprintjs/core';
import { Heading } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { effectiveCompanyId } from '../../common';
import type { BrandForm } from '../models/BrandForm';
import type { ProductForm } from '../models/ProductForm';
import type { BrandsAdminStore } from '../stores/BrandsAdminStore';
import { CompanyIdInput, CompanyIdValue } from './CompanyIdInput';
import { styles } from './styles';

interface Props {
  store: BrandsAdminStore;
  brand: BrandForm;
  product: ProductForm;
}

/** A product card (BRAND-036..045): view mode, or edit mode titled New Product / Edit Product. */
export const ProductCard = observer(function ProductCard({ store, brand, product }: Props) {
  const { t } = useTranslation('brands-admin');
  const id = product.key;
  const v = brand.violations.productViolations[brand.products.indexOf(product)] ?? {};

  if (!product.open) {
    const own = product.saved?.conversant_company_id ?? null;
    const brandId = brand.saved?.conversant_company_id ?? null;
    const shown = effectiveCompanyId(own, brandId, store.client?.conversant_company_id);
    const deletable = brand.canDeleteProduct(product);
    const deleteButton = (
      <Button
        size="small"
        icon="trash"
        text={t('product.delete')}
        disabled={!deletable || !store.can('products', 'destroy')}
        onClick={() => store.requestDeleteProduct(brand, product)}
        data-testid="product-delete"
      />
    );
    return (
      <Card style={styles.productCard} data-testid="product-card" data-product={product.saved?.name ?? product.name} data-mode="view">
        <dl style={styles.fields}>
          <dt style={styles.term}>{t('product.name')}</dt>
          <dd style={styles.value} data-testid="product-name">
            {product.saved?.name ?? product.name}
          </dd>
          <dt style={styles.term}>{t('product.companyId')}</dt>
          <dd style={styles.value}>
            <CompanyIdValue
              value={shown.value}
              inherited={shown.inherited}
              title={brandId !== null ? t('product.inheritedBrand') : t('product.inheritedClient')}
              testId="product-company-id"
            />
          </dd>
          <dt style={styles.term}>{t('product.regions')}</dt>
          <dd style={styles.value}>{product.regionIds.map((r) => store.regionName(r)).join(', ')}</dd>
          {store.showSlugs && (
            <>
              <dt style={styles.term}>{t('product.slugs')}</dt>
              <dd style={styles.value} data-testid="product-slugs">
                {product.regionIds.map((r) =>
                  product.slugs[r] ? (
                    <Tag key={r} minimal style={{ marginRight: 4 }}>
                      {store.regionName(r)}: {product.slugs[r]}
                    </Tag>
                  ) : null,
                )}
              </dd>
            </>
          )}
        </dl>
        <div style={styles.actions}>
          <Button
            size="small"
            icon="edit"
            text={t('product.edit')}
            disabled={!store.can('products', 'update')}
            onClick={() => product.edit()}
            data-testid="product-edit"
          />
          {deletable ? (
            deleteButton
          ) : (
            // BRAND-035: the last product's delete is disabled and says why.
            <Tooltip content={t('validation.lastProduct')} data-testid="last-product-tooltip">
              {deleteButton}
            </Tooltip>
          )}
        </div>
      </Card>
    );
  }

  const msg = (key: string | undefined) => (key ? t(`validation.${key}`) : undefined);
  const nameMessage = v.name === 'productNameRequired' && !product.touched.has('name') ? undefined : msg(v.name);
  return (
    <Card style={styles.productCard} data-testid="product-card" data-product={product.saved?.name ?? product.name} data-mode="edit">
      <Heading level={3} look={6}>
        {product.isNew ? t('product.newTitle') : t('product.editTitle')}
      </Heading>
      <div style={styles.productForm}>
        <FormGroup label={t('product.nameField')} labelFor={`${id}-name`} intent={nameMessage ? 'danger' : 'none'} helperText={nameMessage}>
          <InputGroup
            id={`${id}-name`}
            value={product.name}
            intent={nameMessage ? 'danger' : 'none'}
            onChange={(e) => product.setName(e.target.value)}
            onBlur={() => product.touch('name')}
            data-testid="product-name-input"
          />
        </FormGroup>
        <FormGroup label={t('product.companyId')} labelFor={`${id}-company`} intent={v.companyId ? 'danger' : 'none'} helperText={msg(v.companyId)}>
          <CompanyIdInput
            id={`${id}-company`}
            value={product.companyId}
            invalid={Boolean(v.companyId)}
            onChange={(x) => product.setCompanyId(x)}
            testId="product-company-input"
          />
        </FormGroup>
        <FormGroup label={t('product.regions')} intent={v.regions ? 'danger' : 'none'} helperText={msg(v.regions)}>
          <div role="group" aria-label={t('product.regions')} data-testid="product-regions">
            {store.regions.map((r) => (
              <Checkbox
                key={r.id}
                inline
                label={r.name}
                checked={product.regionIds.includes(r.id)}
                onChange={() => product.toggleRegion(r.id)}
                data-testid={`product-region-${r.slug}`}
              />
            ))}
          </div>
        </FormGroup>
        {store.showSlugs &&
          product.regionIds.map((r) => (
            <FormGroup key={r} label={t('product.slugFor', { region: store.regionName(r) })} labelFor={`${id}-slug-${r}`}>
              <InputGroup
                id={`${id}-slug-${r}`}
                value={product.slugs[r] ?? ''}
                disabled={!store.slugsEditable}
                onChange={(e) => product.setSlug(r, e.target.value)}
                data-testid={`product-slug-${r}`}
              />
            </FormGroup>
          ))}
      </div>
      <div style={styles.actions}>
        {product.isNew && brand.products.length <= 1 ? (
          // An unsaved product's Cancel removes it: never the brand's only product (BRAND-035).
          <Tooltip content={t('validation.lastProduct')}>
            <Button text={t('product.cancel')} disabled data-testid="product-cancel" />
          </Tooltip>
        ) : (
          <Button text={t('product.cancel')} onClick={() => store.cancelProduct(brand, product)} data-testid="product-cancel" />
        )}
      </div>
    </Card>
  );
});
