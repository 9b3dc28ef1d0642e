import { Button, Checkbox, Classes, DialogBody, DialogFooter, InputGroup, Radio, Tag, Tooltip, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { ApiClientToken, ConfigStoreToken, formatCount, HierarchyStoreToken, useService } from '@discovery/platform';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentPickerStore, type PickerContext, type PickerSegment } from './SegmentPickerStore';
import { RemovableTag } from '../widgets/RemovableTag';
import { AppDialog, LoadError, LoadingSpinner, StateMessage } from '@discovery/ui';

export interface SegmentPickerProps {
  isOpen: boolean;
  onClose: () => void;
  onSelect: (segments: PickerSegment[]) => void;
  multiple?: boolean;
  /** Zero-count segments can be chosen (e.g. site-visit mapping); otherwise they are disabled. */
  allowZeroCount?: boolean;
  context?: PickerContext;
  /** Most segments in a multiple selection (12 for an overlap axis). */
  max?: number;
  title?: string;
}

const SegmentRow = observer(function SegmentRow({ store, s, modeledLabel }: { store: SegmentPickerStore; s: PickerSegment; modeledLabel: string }) {
  const { t } = useTranslation();
  const blocked = store.blockedReason(s);
  const Control = store.options.multiple ? Checkbox : Radio;
  const control = (
    <Control
      checked={store.isSelected(s)}
      disabled={blocked !== null && !store.isSelected(s)}
      onChange={() => store.toggle(s)}
      labelElement={
        <span>
          <strong>{s.name}</strong> <span className={Classes.TEXT_MUTED}>{s.path}</span>
        </span>
      }
      style={{ marginBottom: 0 }}
      data-testid={`picker-segment-${s.identifier}`}
    />
  );
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
      <div style={{ flex: 1 }}>{blocked && !store.isSelected(s) ? <Tooltip content={t(`picker.blocked.${blocked}`)}>{control}</Tooltip> : control}</div>
      {/* Labelled figures, not only tooltips (issue 14 §9). */}
      <Tag minimal data-testid="picker-matched">
        <span className={Classes.TEXT_MUTED}>{t('picker.matched')}</span> <strong>{formatCount(s.matched)}</strong>
      </Tag>
      <Tag minimal intent="primary" data-testid="picker-modeled">
        <span>{modeledLabel}</span> <strong>{formatCount(s.modeled)}</strong>
      </Tag>
    </div>
  );
});

/**
 * Choose segments from the vendor taxonomy: browse vendor > category > segment or search, with
 * matched and modeled counts, single or multiple selection (SegmentPicker of core/ui).
 */
export const SegmentPicker = observer(function SegmentPicker(props: SegmentPickerProps) {
  const api = useService(ApiClientToken);
  const hierarchy = useService(HierarchyStoreToken);
  const config = useService(ConfigStoreToken);
  const { t } = useTranslation();
  const store = useMemo(
    () =>
      new SegmentPickerStore(api, {
        multiple: props.multiple ?? true,
        allowZeroCount: props.allowZeroCount ?? false,
        context: props.context ?? 'audience',
        max: props.max,
      }),
    [api, props.multiple, props.allowZeroCount, props.context, props.max],
  );
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const product = hierarchy.selection.product ?? '';

  useEffect(() => {
    if (!props.isOpen) return;
    store.reset();
    if (store.vendors.length === 0) store.loadTree(product);
  }, [props.isOpen, store, product]);

  // SHELL-013: tier 3 speaks of weights, not modeled people.
  const modeledLabel = config.isTier3 ? t('picker.modeledTier3') : t('picker.modeledShort');
  // Which people the figures count: the region of the page's context (as the builder), named.
  const { client, region } = hierarchy.nodes;
  const regionName = store.region && client && region && store.region === `${client.slug}/${region.slug}` ? region.name : null;

  const nodes: TreeNodeInfo[] = store.vendors.map((v) => ({
    id: v.vendor_name,
    label: v.display_name,
    isExpanded: expanded.has(v.vendor_name),
    childNodes: v.hierarchies.map((h) => {
      const id = `${v.vendor_name}/${h.name}`;
      return {
        id,
        label: h.name,
        isExpanded: expanded.has(id),
        childNodes: h.segments.map((s) => ({ id: s.identifier, label: <SegmentRow store={store} s={s} modeledLabel={modeledLabel} /> })),
      };
    }),
  }));
  const toggleNode = (n: TreeNodeInfo) => {
    const next = new Set(expanded);
    if (next.has(String(n.id))) next.delete(String(n.id));
    else next.add(String(n.id));
    setExpanded(next);
  };

  return (
    <AppDialog isOpen={props.isOpen} onClose={props.onClose} title={props.title ?? t('picker.title')} style={{ width: 960 }}>
      <DialogBody>
        <div style={{ display: 'flex', gap: 16, minHeight: 420 }}>
          <div style={{ flex: 2, minWidth: 0 }}>
            <InputGroup
              leftIcon="search"
              placeholder={t('picker.search')}
              aria-label={t('picker.search')}
              value={store.query}
              onChange={(e) => store.search(e.target.value)}
              data-testid="picker-search"
            />
            <p className={Classes.TEXT_MUTED} style={{ margin: '8px 0 0' }} data-testid="picker-scope">
              {regionName ? t('picker.scopeRegion', { region: regionName }) : t('picker.scopeAll')}
            </p>
            <div style={{ maxHeight: 420, overflowY: 'auto', marginTop: 8 }} data-testid="picker-results">
              {store.error ? (
                <LoadError level={3} error={store.error} onRetry={() => store.retry(product)} data-testid="picker-error" />
              ) : store.loading ? (
                <LoadingSpinner size={24} />
              ) : store.results ? (
                store.results.length ? (
                  store.results.map((s) => <SegmentRow key={s.identifier} store={store} s={s} modeledLabel={modeledLabel} />)
                ) : (
                  <StateMessage level={3} icon="search" title={t('picker.noResults')} />
                )
              ) : (
                <Tree contents={nodes} onNodeExpand={toggleNode} onNodeCollapse={toggleNode} onNodeClick={(n) => n.childNodes && toggleNode(n)} />
              )}
            </div>
          </div>
          <div style={{ flex: 1, borderLeft: '1px solid #dce0e5', paddingLeft: 16 }} data-testid="picker-selected">
            <strong>{t('picker.selected', { count: store.selected.length })}</strong>
            {store.selected.map((s) => (
              <RemovableTag key={s.identifier} name={s.name} onRemove={() => store.toggle(s)} style={{ display: 'flex', margin: '6px 0' }} multiline>
                {s.name}
              </RemovableTag>
            ))}
          </div>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('picker.cancel')} onClick={props.onClose} />
            <Button
              intent="primary"
              text={t('picker.select')}
              disabled={store.selected.length === 0}
              onClick={() => {
                props.onSelect(store.selected.slice());
                props.onClose();
              }}
              data-testid="picker-confirm"
            />
          </>
        }
      />
    </AppDialog>
  );
});
