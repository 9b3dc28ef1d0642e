import { Button, Callout, Card } from '@blueprintjs/core';
import { IndexBars, type IndexRow, type IndexSeries } from '@discovery/charts';
import { FilterBar, InsightsPanelToken, SaveAudienceButton } from '@discovery/insights-kit';
import { ConfigStoreToken, HierarchyStoreToken, SessionStoreToken, useOptionalService, useService } from '@discovery/platform';
import { LoadingSpinner, PageTitle, StateMessage } from '@discovery/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useEffectEvent, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AREAS, type AreaId } from '../../common';
import { AreaSegmentsTable } from '../components/AreaSegmentsTable';
import { AreaSummary } from '../components/AreaSummary';
import { InsightAreasStoreToken } from '../stores/InsightAreasStore';

/**
 * One insight area (002 §2.1, EXP-048..051; the screen is not shown in the spec): the summary,
 * the segments as index bars (a table view and export come with the chart) and as a table with
 * counts, share and index, the filter bar, Save Audience from the selected segments, and the
 * shared Insights panel beside it.
 */
const AreaPage = observer(function AreaPage({ area }: { area: AreaId }) {
  const { t } = useTranslation('insight-areas');
  const store = useService(InsightAreasStoreToken).area(area);
  const hierarchy = useService(HierarchyStoreToken);
  const session = useService(SessionStoreToken);
  const isTier3 = useService(ConfigStoreToken).isTier3;
  const insights = useOptionalService(InsightsPanelToken);
  const slug = hierarchy.fullSlug;

  // EXP-051: a change of client, region or brand resets the filters; every context change reloads.
  // The slug names the selection: a new slug enters again with the selection of that moment.
  const enter = useEffectEvent(() => void store.enter(hierarchy.selection));
  useEffect(() => {
    enter();
    return () => store.leave();
  }, [store, slug]);

  const d = store.segments.data;
  const customersName = d?.customers?.name ?? '';
  const returnUrl = AREAS[area].route.path;
  const canCreate = session.can('audiences', 'create') && !isTier3;
  const title = t(`areas.${area}.title`);

  const series: IndexSeries[] = useMemo(() => [{ key: 'customers', name: customersName }], [customersName]);
  const rows: IndexRow[] = useMemo(
    () =>
      store.rows.map((r) => ({
        key: r.identifier,
        label: r.name,
        population: r.share,
        values: [{ share: r.customer_share, index: r.index, count: r.customers }],
      })),
    [store.rows],
  );
  const panelAudiences = store.panelAudiences;

  const body = () => {
    // EXP-050 DESIGN: inside the area, no banner; the rest of the page stays.
    if (store.error) {
      return (
        <Callout intent="danger" icon="error" data-testid="area-error" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <span style={{ flex: 1 }}>{t('loadError')}</span>
          <Button text={t('retry')} onClick={() => void store.load()} data-testid="area-retry" />
        </Callout>
      );
    }
    if (store.loading || !d) return <LoadingSpinner size={32} />;
    if (!store.hasData) {
      return (
        <StateMessage
          icon="search"
          title={t('noData.title')}
          description={t('noData.text', { brand: store.resource.data?.brand ?? '' })}
          data-testid="area-no-data"
        />
      );
    }
    const split = !!insights && panelAudiences.length > 0;
    return (
      <>
        <AreaSummary store={store} />
        <div style={{ display: 'grid', gridTemplateColumns: split ? 'minmax(0, 3fr) minmax(320px, 2fr)' : 'minmax(0, 1fr)', gap: 16 }}>
          <Card data-testid="area-chart-card">
            <IndexBars
              title={t('chart.title', { area: title, customers: customersName })}
              rows={rows}
              series={series}
              loading={store.segments.loading}
              testId="area-chart"
            />
            <AreaSegmentsTable store={store} customersName={customersName} canCreate={canCreate} returnUrl={returnUrl} />
          </Card>
          {split && insights && (
            <div data-testid="area-insights">
              <insights.Panel context="audience" owner={{ kind: 'audiences' }} audiences={panelAudiences} />
            </div>
          )}
        </div>
      </>
    );
  };

  return (
    <section data-testid={`area-page-${area}`}>
      <PageTitle>{title}</PageTitle>
      <p>{t(`areas.${area}.description`)}</p>
      <FilterBar
        label={t('filters.label')}
        addText={t('filters.add')}
        testId="area-filter-bar"
        testIdPrefix="area"
        filters={store.filters}
        onAdd={(f) => void store.addFilters(f)}
        onRemove={(id) => void store.removeFilter(id)}
        onClear={() => void store.clearFilters()}
        addDisabled={!store.hasData}
        pickerContext="audience"
        pickerTitle={t('filters.pickerTitle')}
        trailing={
          canCreate && (
            <SaveAudienceButton
              disabledReason={store.selection.length ? null : t('saveAudience.select')}
              draft={() => store.draft()}
              returnUrl={returnUrl}
              testId="area-save-audience"
            />
          )
        }
      />
      {body()}
    </section>
  );
});

const pages = new Map<AreaId, ComponentType>();

/** The route's page for an area: the one screen, parameterised (made once per area so React keeps it). */
export function areaPage(area: AreaId): ComponentType {
  let page = pages.get(area);
  if (!page) {
    page = function AreaRoute() {
      return <AreaPage area={area} />;
    };
    pages.set(area, page);
  }
  return page;
}
