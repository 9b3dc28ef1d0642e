import { RulesSchema, INSIGHTS_CONTEXTS, INSIGHTS_LEVELS, TAB_CONFIG_NAMES, type TabConfigName } from '@discovery/insights-kit/common';
import { Id, IdParam, text } from '@discovery/plugin-api/zod';
import * as z from 'zod';

/** The spec's wording where it has some (UPL rules), ours elsewhere; client and server show the same text. */
export const INSIGHTS_MESSAGES = {
  tabRequired: 'Choose a tab or name a new one.',
  tabName: 'Tab name is required.',
  tabTaken: 'A tab with this name already exists.',
  tabLevel: 'The tab is on another level.',
  widgetName: 'Widget name is required.',
  category: 'Demographic category is required.',
  noAttributes: 'Add at least one attribute.',
  tooManyAttributes: `A widget has at most ${50} attributes.`,
  attributeName: 'Attribute name is required.',
  attributeNamesUnique: 'Attribute names must be unique in a widget.',
  valueOrPercent: 'Use either a value or a percent, not both.',
  needsValue: 'Give a value or a percent.',
  mixed: 'Use percents for every attribute of a widget, or values for every one.',
  percentRange: 'A percent is between 0 and 100.',
  valueRange: 'A value is a number of at least 0.',
  needsSegment: 'Choose a segment.',
  noSegmentOnMarket: 'Market Level attributes are survey values, not segments.',
  noValueOnPerson: 'Person Level attributes are counted from their segment.',
  audiences: 'Choose at least one audience.',
  tooManyAudiences: 'Compare at most 4 audiences.',
} as const;

export const MAX_ATTRIBUTES = 50;
/** GROW-083 compare mode: audiences side by side (the categorical palette has 7 colours; 4 stay readable). */
export const MAX_COMPARED = 4;

export const LevelSchema = z.enum(INSIGHTS_LEVELS);
const segmentId = z.string().trim().min(1, INSIGHTS_MESSAGES.needsSegment).max(64, 'An identifier is at most 64 characters');
const number = (message: string, max: number) => z.number({ error: message }).min(0, message).max(max, message);

export const AttributeInput = z.object({
  name: text({ min: 1, max: 100, required: INSIGHTS_MESSAGES.attributeName }),
  value: number(INSIGHTS_MESSAGES.valueRange, 1e12).nullish(),
  percent: number(INSIGHTS_MESSAGES.percentRange, 100).nullish(),
  segment_identifier: segmentId.nullish(),
});
export type AttributeInput = z.input<typeof AttributeInput>;

/**
 * One custom widget as the demographic forms save it: into an existing tab of the owner (by id)
 * or a new one (by name), with its attributes in order. Market Level attributes are survey values
 * (a percent, or a value, UPL rules); Person Level attributes name a segment, counted by the engine.
 */
export const WidgetInput = z
  .object({
    level: LevelSchema,
    insight_tab_id: Id.nullish(),
    tab_name: text({ max: 100 }).nullish(),
    name: text({ min: 1, max: 100, required: INSIGHTS_MESSAGES.widgetName }),
    demographic_category: text({ min: 1, max: 100, required: INSIGHTS_MESSAGES.category }),
    attributes: z.array(AttributeInput).min(1, INSIGHTS_MESSAGES.noAttributes).max(MAX_ATTRIBUTES, INSIGHTS_MESSAGES.tooManyAttributes),
  })
  .superRefine((w, ctx) => {
    if (!w.insight_tab_id && !w.tab_name) ctx.addIssue({ code: 'custom', path: ['tab_name'], message: INSIGHTS_MESSAGES.tabRequired });
    const seen = new Set<string>();
    w.attributes.forEach((a, i) => {
      const key = a.name.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'name'], message: INSIGHTS_MESSAGES.attributeNamesUnique });
      seen.add(key);
      const hasValue = a.value !== null && a.value !== undefined;
      const hasPercent = a.percent !== null && a.percent !== undefined;
      if (w.level === 'market') {
        if (a.segment_identifier) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'segment_identifier'], message: INSIGHTS_MESSAGES.noSegmentOnMarket });
        if (hasValue && hasPercent) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'percent'], message: INSIGHTS_MESSAGES.valueOrPercent });
        else if (!hasValue && !hasPercent) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'percent'], message: INSIGHTS_MESSAGES.needsValue });
      } else {
        if (!a.segment_identifier) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'segment_identifier'], message: INSIGHTS_MESSAGES.needsSegment });
        if (hasValue || hasPercent) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'percent'], message: INSIGHTS_MESSAGES.noValueOnPerson });
      }
    });
    if (w.level === 'market') {
      const has = (v: number | null | undefined) => v !== null && v !== undefined;
      const percents = w.attributes.filter((a) => has(a.percent)).length;
      const values = w.attributes.filter((a) => has(a.value) && !has(a.percent)).length;
      if (percents > 0 && values > 0) ctx.addIssue({ code: 'custom', path: ['attributes'], message: INSIGHTS_MESSAGES.mixed });
    }
  });
export type WidgetInput = z.input<typeof WidgetInput>;
export const WidgetBody = z.object({ insight_widget: WidgetInput });

export const TabInput = z.object({
  name: text({ min: 1, max: 100, required: INSIGHTS_MESSAGES.tabName }),
  order: z.number().int().min(0).max(1000).optional(),
});
export const TabBody = z.object({ insight_tab: TabInput });

export const OwnerParams = z.object({ ownerId: IdParam });
export const OwnerItemParams = z.object({ ownerId: IdParam, id: IdParam });

/** Person Level: the audience(s) to profile, and whose custom widgets to add. */
export const ProfileBody = z.object({
  owner_id: Id.nullish(),
  audiences: z
    .array(z.object({ name: text({ min: 1, max: 200, required: 'Audience name is required.' }), rules: RulesSchema }))
    .min(1, INSIGHTS_MESSAGES.audiences)
    .max(MAX_COMPARED, INSIGHTS_MESSAGES.tooManyAudiences),
  membership: z.enum(['matched', 'modeled']).default('matched'),
});
export type ProfileBody = z.input<typeof ProfileBody>;

export const TAB_CONFIG_RESOURCES = ['Mekko', 'Journey'] as const;
export type TabConfigResource = (typeof TAB_CONFIG_RESOURCES)[number];
const tabConfigNames = Object.keys(TAB_CONFIG_NAMES) as [TabConfigName, ...TabConfigName[]];

/** SRV-059 query. */
export const TabsConfigQuery = z.object({
  resource_id: IdParam,
  resource_type: z.enum(TAB_CONFIG_RESOURCES, { error: `resource_type must be one of ${TAB_CONFIG_RESOURCES.join(', ')}` }),
  insights_context: z.enum(INSIGHTS_CONTEXTS, { error: `insights_context must be one of ${INSIGHTS_CONTEXTS.join(', ')}` }),
});
export const TabsConfigBody = z.object({
  tabs_config: z.object({
    resource_id: Id,
    resource_type: z.enum(TAB_CONFIG_RESOURCES, { error: `resource_type must be one of ${TAB_CONFIG_RESOURCES.join(', ')}` }),
    insights_context: z.enum(INSIGHTS_CONTEXTS, { error: `insights_context must be one of ${INSIGHTS_CONTEXTS.join(', ')}` }),
    name: z.enum(tabConfigNames, { error: `name must be one of ${tabConfigNames.join(', ')}` }),
    visible: z.boolean({ error: 'visible must be true or false' }),
  }),
});
