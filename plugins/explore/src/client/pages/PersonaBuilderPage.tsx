import { SegmentPicker } from '@discovery/insights-kit';
import { Button, Card, Checkbox, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { ApiClientToken, HierarchyStoreToken, settle, useService } from '@discovery/platform';
import { LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { exploreRoute } from '../../common';
import { ExploreStoreToken } from '../stores/ExploreStore';
import { PersonaBuilderStore } from '../stores/PersonaBuilderStore';

/**
 * EXP-017 (DESIGN): the persona builder at insights/explore/builder (create) and
 * insights/explore/builder/{personaId} (edit): name, the segment picker for the identifiers, the
 * default checkbox, Save and Cancel. A persona with deleted segments opens without them (EXP-020).
 */
const PersonaBuilderPage = observer(function PersonaBuilderPage() {
  const { t } = useTranslation('explore');
  const explore = useService(ExploreStoreToken);
  const api = useService(ApiClientToken);
  const hierarchy = useService(HierarchyStoreToken);
  const navigate = useNavigate();
  const { personaId } = useParams();
  const id = personaId && /^\d+$/.test(personaId) ? Number(personaId) : null;
  const product = hierarchy.fullSlug;
  const ids = useId();
  const [picking, setPicking] = useState(false);
  const [form, setForm] = useState<PersonaBuilderStore | null>(null);

  useEffect(() => {
    let live = true;
    setForm(null);
    settle(
      explore.load(product, id).then(() => {
        if (!live || !explore.loaded) return;
        const editing = id !== null ? (explore.list.find((p) => p.id === id) ?? null) : null;
        setForm(new PersonaBuilderStore(api, editing, explore.list));
      }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [explore, api, product, id]);

  const back = (to: number | null) => {
    navigate(exploreRoute.link(hierarchy.selection, to !== null ? { personaId: to } : {}));
  };
  const title = id === null ? t('builder.createTitle') : t('builder.editTitle');
  if (!form) return <LoadingSpinner size={32} />;
  if (id !== null && !form.editing)
    return <StateMessage level={1} icon="search" title={title} description={t('builder.notFound')} data-testid="explore-builder-missing" />;
  if (form.editing?.is_all_data)
    return <StateMessage level={1} icon="lock" title={title} description={t('builder.allData')} data-testid="explore-builder-all-data" />;

  const errors = form.errors;
  const show = (field: 'name' | 'identifiers') =>
    form.touched || (field === 'name' ? form.name !== '' : form.segments.length > 0) ? errors[field] : undefined;
  const save = () =>
    form.save().then((r) => {
      if (!r) return;
      explore.upsert(r.data, r.default_id);
      back(r.data.id);
    });
  return (
    <section data-testid="explore-builder">
      <PageTitle>{title}</PageTitle>
      <Card style={{ maxWidth: 720 }}>
        <FormGroup label={t('builder.name')} labelFor={`${ids}-name`} intent={show('name') ? 'danger' : 'none'} helperText={show('name')}>
          <InputGroup
            id={`${ids}-name`}
            value={form.name}
            onChange={(e) => form.setName(e.target.value)}
            intent={show('name') ? 'danger' : 'none'}
            data-testid="explore-builder-name"
          />
        </FormGroup>
        <FormGroup label={t('builder.segments')} helperText={show('identifiers') ?? t('builder.segmentsHelp')} intent={show('identifiers') ? 'danger' : 'none'}>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 8 }} data-testid="explore-builder-segments">
            {form.segments.length === 0 && <span>{t('builder.none')}</span>}
            {form.segments.map((s) => (
              <Tag key={s.short_id} large onRemove={() => form.removeSegment(s.short_id)} data-testid={`explore-builder-segment-${s.short_id}`}>
                {s.name}
              </Tag>
            ))}
          </div>
          <Button icon="add" text={t('builder.select')} onClick={() => setPicking(true)} data-testid="explore-builder-select" />
        </FormGroup>
        <Checkbox
          label={t('builder.default')}
          checked={form.isDefault}
          onChange={(e) => form.setDefault(e.currentTarget.checked)}
          data-testid="explore-builder-default"
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button text={t('builder.cancel')} onClick={() => back(form.editing?.id ?? null)} data-testid="explore-builder-cancel" />
          <Button
            intent="primary"
            text={t('builder.save')}
            loading={form.saving}
            disabled={form.touched && !form.valid}
            onClick={() => save()}
            data-testid="explore-builder-save"
          />
        </div>
      </Card>
      <SegmentPicker
        isOpen={picking}
        onClose={() => setPicking(false)}
        onSelect={(list) => {
          form.addSegments(list);
          setPicking(false);
        }}
        multiple
        context="audience"
        title={t('builder.pickerTitle')}
      />
    </section>
  );
});

export default PersonaBuilderPage;
