import { visibleLevels, type InsightsLevel, type InsightsPanelProps as PanelProps } from '@discovery/insights-kit';
import { ApiError, Resource, type ApiClient, type Settled } from '@discovery/platform';
import { makeAutoObservable, observable } from 'mobx';
import {
  convertState,
  effectiveLevel,
  insightsEndpoints as E,
  MAX_COMPARED,
  ownerEndpointsByKind,
  OWNERS,
  REGION_RESOURCE,
  WidgetBody,
  type ConvertState,
  type InsightTabDto,
  type ProfileDto,
  type TabConfigDto,
  type WidgetInput,
} from '../../common';

/** Where a custom widget lives: the screen's owner (chart, journey, ...) or the region's survey. */
export type WidgetTarget = 'owner' | 'region';

export interface MarketTab {
  key: string;
  target: WidgetTarget;
  tab: InsightTabDto;
}

export interface PanelServices {
  api: ApiClient;
  can(resource: string, action: 'create' | 'read' | 'update' | 'destroy'): boolean;
  isTier3(): boolean;
}

/** Field messages of a refused save (the shared schema's on the client, the server's 422 after). */
export type FieldErrors = Record<string, string>;

/**
 * One Insights panel's state and rules: the top-level tab (driven by the screen when it says so,
 * hidden levels per the tabs config), Market Level tabs (the region's survey, then the owner's
 * custom ones), Person Level from the server's profile of the selected audience(s), and the
 * custom widget saves.
 */
export class InsightsPanelStore {
  props: PanelProps;
  ownLevel: InsightsLevel = 'person';
  /** Tabs config, the owner's custom tabs and the region's survey; the latest owner's answer wins. */
  readonly tabs = new Resource<{ config: TabConfigDto[]; owner: InsightTabDto[]; region: InsightTabDto[] }>({ config: [], owner: [], region: [] });
  /** Person Level of the latest selection; an older selection's call on its way is aborted. */
  readonly profileResource = new Resource<ProfileDto | null>(null);
  selected: Record<InsightsLevel, string | null> = { market: null, person: null };

  constructor(
    private readonly services: PanelServices,
    props: PanelProps,
  ) {
    this.props = props;
    makeAutoObservable<InsightsPanelStore, 'services'>(this, {
      services: false,
      props: observable.ref,
      tabs: false,
      profileResource: false,
    });
  }

  get tabsConfig(): TabConfigDto[] {
    return this.tabs.data.config;
  }
  get ownerTabs(): InsightTabDto[] {
    return this.tabs.data.owner;
  }
  get regionTabs(): InsightTabDto[] {
    return this.tabs.data.region;
  }
  get tabsLoading(): boolean {
    return this.tabs.loading;
  }
  get profile(): ProfileDto | null {
    return this.profileResource.data;
  }
  get profileLoading(): boolean {
    return this.profileResource.loading;
  }
  get profileError(): Error | null {
    return this.profileResource.error;
  }

  setProps(p: PanelProps): void {
    this.props = p;
  }

  private get endpoints() {
    return ownerEndpointsByKind[this.props.owner.kind];
  }

  get ownerId(): number | null {
    return this.props.owner.id ?? null;
  }

  /** OUT-012 / SRV-059 */
  get levels(): InsightsLevel[] {
    return visibleLevels(this.tabsConfig);
  }

  /** GROW-014 / JRN-008: the screen's tab decides when it gives one. */
  get level(): InsightsLevel | null {
    return effectiveLevel(this.levels, this.props.level, this.ownLevel);
  }

  setLevel(level: InsightsLevel): void {
    this.ownLevel = level;
    this.props.onLevelChange?.(level);
  }

  get canEditOwner(): boolean {
    return this.ownerId !== null && this.services.can(OWNERS[this.props.owner.kind].resource, 'update');
  }

  canEdit(target: WidgetTarget, action: 'create' | 'update' | 'destroy'): boolean {
    return target === 'owner' ? this.canEditOwner : this.services.can(REGION_RESOURCE, action);
  }

  get marketTabs(): MarketTab[] {
    return [
      ...this.regionTabs.filter((t) => t.level === 'market').map((tab) => ({ key: `region:${tab.id}`, target: 'region' as const, tab })),
      ...this.ownerTabs.filter((t) => t.level === 'market').map((tab) => ({ key: `owner:${tab.id}`, target: 'owner' as const, tab })),
    ];
  }

  tabKeys(level: InsightsLevel): string[] {
    return level === 'market' ? this.marketTabs.map((t) => t.key) : (this.profile?.tabs.map((t) => t.key) ?? []);
  }

  /** The inner tab shown at a level: the one chosen while it exists, else the first. */
  activeTab(level: InsightsLevel): string | null {
    const keys = this.tabKeys(level);
    const chosen = this.selected[level];
    return chosen && keys.includes(chosen) ? chosen : (keys[0] ?? null);
  }

  selectTab(level: InsightsLevel, key: string): void {
    this.selected[level] = key;
  }

  convert(reasons: { permission: string; one: string }): ConvertState {
    return convertState(
      {
        level: this.level,
        offered: !!this.props.convert,
        isTier3: this.services.isTier3(),
        canCreateAudiences: this.services.can('audiences', 'create'),
        audiences: this.props.audiences.length,
        screenReason: this.props.convert?.disabledReason,
      },
      reasons,
    );
  }

  /** Tabs config, the owner's custom tabs and the region's survey, together. */
  loadTabs(): Settled<unknown> {
    const cfg = this.props.tabsConfig;
    const id = this.ownerId;
    const context = this.props.context;
    const endpoints = this.endpoints;
    const { api } = this.services;
    return this.tabs.load(async (signal) => {
      const [config, owner, region] = await Promise.all([
        cfg
          ? api.call(
              E.tabsConfig,
              { query: { resource_id: cfg.resourceId, resource_type: cfg.resourceType, insights_context: context } },
              { silent: true, signal },
            )
          : Promise.resolve([]),
        id !== null ? api.call(endpoints.tabs, { params: { ownerId: id } }, { silent: true, signal }).then((r) => r.data) : Promise.resolve([]),
        api.call(E.regionTabs, {}, { silent: true, signal }).then((r) => r.data),
      ]);
      return { config, owner, region };
    });
  }

  /** Person Level for the selected audience(s); an older selection's call is aborted, its answer dropped. */
  /**
   * The audiences Person Level profiles: compare mode shows at most MAX_COMPARED side by side
   * (GROW-083); a screen may select more (Overlap's focused column), the first ones are shown.
   */
  get compared(): PanelProps['audiences'] {
    return this.props.audiences.slice(0, MAX_COMPARED);
  }

  loadProfile(): Settled<unknown> {
    const audiences = this.compared;
    if (audiences.length === 0) {
      this.profileResource.reset();
      return Promise.resolve();
    }
    const body = {
      owner_id: this.ownerId,
      audiences: audiences.map((a) => ({ name: a.name, rules: a.rules })),
      membership: this.props.membership ?? 'matched',
    };
    const endpoint = this.endpoints.profile;
    return this.profileResource.load(async (signal) => (await this.services.api.call(endpoint, { body }, { silent: true, signal })).data);
  }

  /**
   * Saves a custom widget (new when id is null): the shared schema first, then the server; the
   * fields it refuses come back, nothing when saved (tabs and Person Level are reloaded).
   */
  async saveWidget(target: WidgetTarget, id: number | null, input: WidgetInput): Promise<FieldErrors | null> {
    const parsed = WidgetBody.safeParse({ insight_widget: input });
    if (!parsed.success) return fieldErrors(parsed.error.issues);
    const body = { insight_widget: input };
    try {
      if (target === 'region') {
        if (id === null) await this.services.api.call(E.createRegionWidget, { body }, { silent: true });
        else await this.services.api.call(E.updateRegionWidget, { params: { id }, body }, { silent: true });
      } else {
        const ownerId = this.ownerId!;
        if (id === null) await this.services.api.call(this.endpoints.createWidget, { params: { ownerId }, body }, { silent: true });
        else await this.services.api.call(this.endpoints.updateWidget, { params: { ownerId, id }, body }, { silent: true });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) return e.fields && Object.keys(e.fields).length ? e.fields : { _: e.message };
      return { _: (e as Error).message };
    }
    await this.afterChange(input.level);
    return null;
  }

  async deleteWidget(target: WidgetTarget, id: number, level: InsightsLevel): Promise<string> {
    const res =
      target === 'region'
        ? await this.services.api.call(E.deleteRegionWidget, { params: { id } })
        : await this.services.api.call(this.endpoints.deleteWidget, { params: { ownerId: this.ownerId!, id } });
    await this.afterChange(level);
    return res.data.message;
  }

  private async afterChange(level: InsightsLevel): Promise<void> {
    await this.loadTabs();
    if (level === 'person') await this.loadProfile();
  }

  /** The owner's tabs of a level, for the form's tab choice. */
  tabsFor(target: WidgetTarget, level: InsightsLevel): InsightTabDto[] {
    return (target === 'region' ? this.regionTabs : this.ownerTabs).filter((t) => t.level === level);
  }

  /** A custom Person Level widget as saved (for editing it): the profile carries only its numbers. */
  ownerWidget(id: number) {
    for (const t of this.ownerTabs) for (const w of t.widgets) if (w.id === id) return { tab: t, widget: w };
    return null;
  }
}

/** zod issues as 'insight_widget.attributes.0.name' → message (the server's field keys). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = i.message;
  }
  return out;
}
