import {
  AUDIENCE_DRAFT_STATE,
  audienceDetailRoute,
  audiencesOverviewRoute,
  ShellModalsToken,
  type AudienceDraft,
  SegmentPicker,
} from '@discovery/insights-kit';
import { Button, Callout, Card, Classes, FormGroup, InputGroup, Intent, Spinner, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import { ApiClientToken, ConfigStoreToken, errorMessageKey, formatCount, HierarchyStoreToken, ToastStoreToken, useService } from '@discovery/platform';
import { Heading, LoadingSpinner, PageTitle } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { AudienceDto } from '../../common';
import { BuilderStore, type RuleSide } from '../stores/BuilderStore';

const Groups = observer(function Groups({ store, side, onPick }: { store: BuilderStore; side: RuleSide; onPick: (group: number) => void }) {
  const { t } = useTranslation('audiences');
  const groups = side === 'include' ? store.include : store.exclude;
  return (
    <div data-testid={`${side}-groups`}>
      {groups.map((ids, gi) => (
        <div key={gi}>
          {gi > 0 && (
            <Tag minimal round style={{ margin: '6px 0' }}>
              {t('builder.and')}
            </Tag>
          )}
          <Card compact data-testid={`${side}-group-${gi}`} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
            <span className={Classes.TEXT_MUTED} style={{ marginRight: 4 }}>
              {t('builder.group', { n: gi + 1 })}
            </span>
            {ids.length === 0 && <span className={Classes.TEXT_MUTED}>{t('builder.emptyGroup')}</span>}
            {ids.map((id, k) => {
              const s = store.segments.get(id);
              const invalid = s?.available === false;
              const tag = (
                <Tag
                  key={id}
                  large
                  intent={invalid ? Intent.DANGER : side === 'exclude' ? Intent.WARNING : Intent.PRIMARY}
                  minimal={!invalid}
                  onRemove={() => store.removeSegment(side, gi, id)}
                  data-testid={`rule-segment-${id}`}
                  title={s?.path}
                >
                  {s?.name ?? id}
                  {invalid ? ` (${t('builder.unavailable')})` : ''}
                </Tag>
              );
              return (
                <span key={id} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  {k > 0 && <span className={Classes.TEXT_MUTED}>{t('builder.or')}</span>}
                  {invalid ? <Tooltip content={t('builder.unavailableHint')}>{tag}</Tooltip> : tag}
                </span>
              );
            })}
            <Button small minimal icon="add" text={t('builder.addSegments')} onClick={() => onPick(gi)} data-testid={`${side}-add-${gi}`} />
            {(side === 'exclude' || groups.length > 1) && (
              <Button
                small
                minimal
                icon="cross"
                aria-label={t('builder.removeGroup')}
                title={t('builder.removeGroup')}
                onClick={() => store.removeGroup(side, gi)}
              />
            )}
          </Card>
        </div>
      ))}
      <Button
        small
        icon="plus"
        style={{ marginTop: 8 }}
        text={side === 'include' ? t('builder.addGroup') : t('builder.addExcludeGroup')}
        onClick={() => onPick(groups.length)}
        data-testid={`${side}-add-group`}
      />
    </div>
  );
});

const LiveCount = observer(function LiveCount({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('audiences');
  const tc = useTranslation().t;
  const config = useService(ConfigStoreToken);
  const modals = useService(ShellModalsToken);
  const region = useService(HierarchyStoreToken).nodes.region;
  const c = store.count;
  return (
    <Card data-testid="live-count" style={{ position: 'sticky', top: 16, alignSelf: 'start' }}>
      <Heading level={2} look={5} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {t('builder.count')} {store.counting && <Spinner size={14} aria-label={t('builder.counting')} />}
      </Heading>
      {!store.hasSegments ? (
        <p className={Classes.TEXT_MUTED}>{t('builder.noCount')}</p>
      ) : store.countError ? (
        <Callout intent="warning" data-testid="count-error">
          {t('builder.countFailed', { message: tc(errorMessageKey(store.countError)) })}{' '}
          <Button small minimal icon="refresh" text={tc('errors.retry')} onClick={() => store.refreshCount()} />
        </Callout>
      ) : c ? (
        <>
          <div style={{ fontSize: 32, fontWeight: 600 }} data-testid="count-people">
            {formatCount(c.people.region ?? c.people.global)}
          </div>
          {/* Issue 27 §6: the headline names its base; the 'All regions' row is the number Home and the overview show. */}
          <div className={Classes.TEXT_MUTED} data-testid="count-people-base">
            {c.people.region !== null && c.people.region !== undefined && region ? t('builder.peopleIn', { region: region.name }) : t('builder.peopleAll')}
          </div>
          <table style={{ marginTop: 12, width: '100%' }}>
            <tbody>
              <tr>
                <td>{t('builder.matched')}</td>
                <td style={{ textAlign: 'right' }} data-testid="count-matched">
                  {formatCount(c.matched)}
                </td>
              </tr>
              <tr>
                <td>{config.isTier3 ? t('builder.modeledTier3') : t('builder.modeled')}</td>
                <td style={{ textAlign: 'right' }} data-testid="count-modeled">
                  {formatCount(c.modeled)}
                </td>
              </tr>
              <tr>
                <td>{t('builder.global')}</td>
                <td style={{ textAlign: 'right' }} data-testid="count-global">
                  {formatCount(c.people.global)}
                </td>
              </tr>
            </tbody>
          </table>
          {store.isZeroCount && (
            <Callout intent="warning" icon="warning-sign" style={{ marginTop: 12 }} data-testid="zero-count-warning">
              <p>{t('builder.zero')}</p>
              <a role="button" onClick={() => modals.openZeroCount()}>
                {t('builder.zeroWhy')}
              </a>
            </Callout>
          )}
        </>
      ) : (
        <LoadingSpinner size={20} />
      )}
    </Card>
  );
});

/**
 * The builder (SHELL-023): create, or edit (action=edit&id=), or save a draft another feature
 * handed over in the router state; Save and Cancel go back to returnUrl when one is given.
 */
const BuilderPage = observer(function BuilderPage() {
  const { t } = useTranslation('audiences');
  const tc = useTranslation().t;
  const api = useService(ApiClientToken);
  const hierarchy = useService(HierarchyStoreToken);
  const toasts = useService(ToastStoreToken);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const store = useMemo(() => new BuilderStore(api), [api]);
  const [picking, setPicking] = useState<{ side: RuleSide; group: number } | null>(null);
  const action = params.get('action') ?? 'create';
  const editId = action === 'edit' ? Number(params.get('id')) : null;
  const referer = params.get('referer');
  const returnUrl = params.get('returnUrl');

  // The builder opens once per page visit, from what the URL and the router state said on arrival.
  const arrival = useRef({
    draft: (location.state as Record<string, unknown> | null)?.[AUDIENCE_DRAFT_STATE] as AudienceDraft | undefined,
    editId,
    referer,
    setHierarchy: params.get('set_hierarchy'),
  });
  useEffect(() => store.start(), [store]);
  useEffect(() => {
    const { draft, editId: id, referer: from, setHierarchy } = arrival.current;
    store.setOrigin(from, setHierarchy);
    if (id) store.openSaved(id);
    else store.open(draft ?? null);
  }, [store]);

  /** returnUrl is a path inside the product context ('insights/overlap/12') or an absolute app path. */
  const back = (saved?: AudienceDto) => {
    if (returnUrl) {
      navigate(returnUrl.startsWith('/') ? returnUrl : `/${hierarchy.fullSlug}/${returnUrl}`);
    } else if (saved) {
      navigate(audienceDetailRoute.link(hierarchy.selection, { type: 'audience', id: saved.id }));
    } else navigate(audiencesOverviewRoute.link(hierarchy.selection));
  };

  const save = () =>
    store.save().then((saved) => {
      if (!saved) return;
      toasts.success(t('builder.saved', { name: saved.name }));
      back(saved);
    });

  const errors = store.touched ? store.fieldErrors : store.serverErrors;
  const block = store.saveBlock;
  const saveButton = (
    <Button intent="primary" text={t('builder.save')} disabled={block !== null} loading={store.saving} onClick={save} data-testid="builder-save" />
  );

  return (
    <section data-testid="audience-builder">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <PageTitle style={{ margin: 0 }}>{editId ? t('builder.editHeading') : t('builder.createHeading')}</PageTitle>
        {store.referer && <Tag minimal>{t('builder.fromReferer', { referer: store.referer })}</Tag>}
      </div>
      {store.opening.error && (
        <Callout intent="danger" style={{ marginTop: 12 }} data-testid="builder-load-error">
          {t('builder.loadFailed', { message: tc(errorMessageKey(store.opening.error)) })}
        </Callout>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 280px', gap: 24, marginTop: 16 }}>
        <div>
          <FormGroup
            label={t('builder.name')}
            labelFor="audience-name"
            labelInfo="*"
            intent={errors['audience.name'] ? 'danger' : 'none'}
            helperText={errors['audience.name']}
          >
            <InputGroup
              id="audience-name"
              value={store.name}
              onValueChange={(v) => store.setName(v)}
              onBlur={() => store.touch()}
              intent={errors['audience.name'] ? 'danger' : 'none'}
              data-testid="builder-name"
            />
          </FormGroup>
          <FormGroup label={t('builder.description')} labelFor="audience-description" helperText={errors['audience.description']}>
            <TextArea id="audience-description" fill value={store.description} onChange={(e) => store.setDescription(e.target.value)} />
          </FormGroup>
          <Heading level={2} look={5}>
            {t('builder.include')}
          </Heading>
          <p className={Classes.TEXT_MUTED}>{t('builder.includeHint')}</p>
          <Groups store={store} side="include" onPick={(group) => setPicking({ side: 'include', group })} />
          {errors['audience.rules'] && (
            <p className={Classes.INTENT_DANGER} style={{ color: 'var(--bp-intent-danger-rest, #cd4246)', marginTop: 6 }} data-testid="rules-error">
              {errors['audience.rules']}
            </p>
          )}
          <Heading level={2} look={5} style={{ marginTop: 24 }}>
            {t('builder.exclude')}
          </Heading>
          <p className={Classes.TEXT_MUTED}>{t('builder.excludeHint')}</p>
          <Groups store={store} side="exclude" onPick={(group) => setPicking({ side: 'exclude', group })} />
          {store.serverMessage && !Object.keys(store.serverErrors).length && (
            <Callout intent="danger" style={{ marginTop: 16 }}>
              {store.serverMessage}
            </Callout>
          )}
          <div style={{ display: 'flex', gap: 8, marginTop: 24 }}>
            {block && block !== 'saving' ? (
              <Tooltip content={t(`builder.block.${block}`)} placement="top">
                <span data-testid="builder-save-blocked">{saveButton}</span>
              </Tooltip>
            ) : (
              saveButton
            )}
            <Button text={t('builder.cancel')} onClick={() => back()} data-testid="builder-cancel" />
          </div>
        </div>
        <LiveCount store={store} />
      </div>
      <SegmentPicker
        isOpen={picking !== null}
        multiple
        context="audience"
        onClose={() => setPicking(null)}
        onSelect={(segs) => {
          if (picking) store.addSegments(picking.side, picking.group, segs);
          setPicking(null);
        }}
      />
    </section>
  );
});

export default BuilderPage;
