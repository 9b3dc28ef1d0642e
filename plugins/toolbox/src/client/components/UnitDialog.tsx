import { Button, Checkbox, Classes, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { AppDialog } from '@discovery/ui';
import { NAV_CATEGORIES, type NavCategory } from '@discovery/plugin-api';
import type { RegionDto } from '@discovery/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_REGIONS, type ToolboxCategoryDto } from '../../common';
import { draftErrors, type UnitDraft } from '../stores/ToolboxAdminStore';

/** Create or edit a unit: the fields of TBX-002, checked by the shared schema before saving. */
export function UnitDialog({
  initial,
  regions,
  categories,
  serverErrors,
  saving,
  onSave,
  onClose,
}: {
  initial: UnitDraft;
  regions: RegionDto[];
  categories: ToolboxCategoryDto[];
  serverErrors: Record<string, string>;
  saving: boolean;
  onSave: (d: UnitDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('toolbox');
  const [d, setD] = useState<UnitDraft>(initial);
  const [touched, setTouched] = useState(false);
  const errors = { ...(touched ? draftErrors(d) : {}), ...serverErrors };
  const all = d.region_ids.includes(ALL_REGIONS);
  const toggleRegion = (id: number, on: boolean) =>
    setD({ ...d, region_ids: on ? [...d.region_ids.filter((r) => r !== ALL_REGIONS), id] : d.region_ids.filter((r) => r !== id) });
  const field = (name: string) => ({ helperText: errors[name], intent: errors[name] ? ('danger' as const) : ('none' as const) });
  return (
    <AppDialog isOpen onClose={onClose} title={d.id === null ? t('admin.newUnit') : t('admin.editUnit')}>
      <form
        data-testid="unit-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (Object.keys(draftErrors(d)).length === 0) onSave(d);
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('admin.name')} labelFor="unit-name" {...field('name')}>
            <InputGroup id="unit-name" value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />
          </FormGroup>
          <FormGroup label={t('admin.url')} labelFor="unit-url" {...field('url')}>
            <InputGroup id="unit-url" value={d.url} onChange={(e) => setD({ ...d, url: e.target.value })} />
          </FormGroup>
          <Switch label={t('admin.iframed')} checked={d.iframed} onChange={(e) => setD({ ...d, iframed: e.currentTarget.checked })} />
          <Switch
            label={t('admin.useHierarchy')}
            checked={d.use_client_hierarchy}
            onChange={(e) => setD({ ...d, use_client_hierarchy: e.currentTarget.checked })}
          />
          <FormGroup label={t('admin.navCategory')} labelFor="unit-nav-category" {...field('feature_module_category')}>
            <HTMLSelect
              id="unit-nav-category"
              value={d.feature_module_category}
              onChange={(e) => setD({ ...d, feature_module_category: e.target.value as NavCategory })}
            >
              {NAV_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`core:nav.categories.${c}`, { defaultValue: c })}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('admin.category')} labelFor="unit-category">
            <HTMLSelect
              id="unit-category"
              value={d.category_id ?? ''}
              onChange={(e) => setD({ ...d, category_id: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('admin.noCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('admin.regions')} {...field('region_ids')}>
            <Checkbox label={t('admin.allRegions')} checked={all} onChange={(e) => setD({ ...d, region_ids: e.currentTarget.checked ? [ALL_REGIONS] : [] })} />
            {regions.map((r) => (
              <Checkbox
                key={r.id}
                label={r.name}
                disabled={all}
                checked={!all && d.region_ids.includes(r.id)}
                onChange={(e) => toggleRegion(r.id, e.currentTarget.checked)}
              />
            ))}
          </FormGroup>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button text={t('admin.cancel')} onClick={onClose} />
            <Button type="submit" intent="primary" text={t('admin.save')} loading={saving} data-testid="unit-save" />
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
