/** 001 §9 and §2.4: the journey's constants, used by the builder, the viewer and the server. */

/** JRN-038 / JRN-046: a journey has 1 to 4 brands. */
export const MAX_BRANDS = 4;
/** JRN-037 / JRN-046: a journey has 1 to 10 stages. */
export const MAX_STAGES = 10;
export const NAME_MAX = 100;
/** JRN-014 DESIGN: names longer than 20 characters are cut to 20 plus '…'. */
export const TRUNCATE_AT = 20;
/** JRN-060 / A-25: journey messages last 5 s; context and route warnings 10 s. */
export const MESSAGE_MS = 5000;
export const WARNING_MS = 10_000;
/** JRN-025: delete and remove-invalid are throttled 5 s. */
export const THROTTLE_MS = 5000;
/** JRN-007 / JRN-050: slide-in widths. */
export const PANEL_WIDTHS = { mapping: 400, region: 650, market: 800 } as const;
/** JRN-030 / A-26: modal width 60 is a percentage of the viewport. */
export const MODAL_WIDTH = '60%';
/** JRN-019: the gauge is drawn after 50 ms; the layout settles in about 8 s. */
export const GAUGE_DELAY_MS = 50;
export const SETTLE_MS = 8000;
/** JRN-020: a stage column is at least 300 px wide. */
export const STAGE_MIN_WIDTH = 300;
/** JRN-018: gauge diameters run from 90 to 250 px. */
export const GAUGE_MIN_PX = 90;
export const GAUGE_MAX_PX = 250;

/** JRN-015: brand colours by brand order. */
export const BRAND_COLOURS = ['#205493', '#BE5873', '#6f3d64', '#6baeb2'] as const;

/** JRN-043: the stage icon choices, in the spec's order (circle-1 … circle-10 are SVGs). */
export const STAGE_ICONS = [
  'blank',
  'eye-slash',
  'low-vision',
  'eye',
  'group',
  'heartbeat',
  'heart',
  'meh-o',
  'thumbs-up',
  'thumbs-down',
  'key',
  'shopping-cart',
  'comments',
  'clock-o',
  'bullhorn',
  'magnet',
  'star',
  'map-marker',
  'flag',
  'question-circle',
  'envelope',
  'envelope-open',
  'tachometer',
  'calendar',
  'balance-scale',
  'circle-1',
  'circle-2',
  'circle-3',
  'circle-4',
  'circle-5',
  'circle-6',
  'circle-7',
  'circle-8',
  'circle-9',
  'circle-10',
] as const;
export type StageIcon = (typeof STAGE_ICONS)[number];

/** The spec's wording (001 §2.3, §4.2, §5, §8); the builder, the viewer and the server show the same text. */
export const JOURNEY_MESSAGES = {
  // JRN-045
  nameRequired: 'Name is required.',
  nameInUse: 'This name is already in use.',
  notFound: 'This journey does not exist.',
  nameTooLong: 'Name must be 100 characters or fewer.',
  // JRN-047 (the spec's second message has no full stop)
  stageNameUnique: 'All stages require a unique name before saving.',
  stageNameRequired: 'All stages require a name before saving',
  // JRN-048
  brandNameUnique: 'All brands require a unique name before saving.',
  brandNameRequired: 'All brands require a name before saving.',
  // JRN-046 (no spec text for the counts; ours)
  brandsCount: `A journey has 1 to ${MAX_BRANDS} brands.`,
  stagesCount: `A journey has 1 to ${MAX_STAGES} stages.`,
  // JRN-055
  population: 'Population is a whole number, 0 or more.',
  identifier: 'An identifier is at most 64 characters',
  cellBrand: 'Each audience mapping names a brand of this journey.',
  cellStage: 'Each audience mapping names a stage of this journey.',
  cellDuplicate: 'A brand and stage have one audience mapping.',
  itemId: 'Each brand and stage has an id or a new_id.',
  newIdUsed: 'A new_id is used once.',
  // JRN-021
  zeroCount: 'This audience has a zero count. Select another audience to replace it.',
  zeroCountLearn: 'Click to learn why this stage has a zero count.',
  // JRN-022 / JRN-023
  createJourney: 'Create Journey',
  emptyNoPermission: 'No journey charts have been created for this product and you do not have permission to create one. Please check back later.',
  // JRN-024
  invalidTitle: '{{name}} contains Audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.',
  removeInvalid: 'Remove Invalid Audience(s)',
  deleteChart: 'Delete Chart',
  // JRN-027..030
  duplicated: 'Journey successfully duplicated!',
  duplicateExists: 'There is already a duplicate for this journey. Please rename or delete it and try again.',
  duplicateFailed: 'Something went wrong duplicating this journey. Please try again in a few minutes.',
  deleted: 'Chart deleted successfully!',
  deleteFailed: 'Chart could not be deleted. Please try again.',
  deleteConfirm: 'Delete journey {{name}}?',
  // JRN-040
  deleteItemConfirm: 'Delete {{name}}? Its audience mappings will be removed.',
  // JRN-049
  unsavedTitle: 'You have unsaved changes',
  unsavedBody: 'Are you sure you want to discard these changes?',
  discard: 'Discard',
  // JRN-057 / JRN-059
  saved: 'Changes saved!',
  saveFailed: 'Something went wrong saving your changes. Please try again in a few minutes.',
  // the 10 s context warnings (001 §8)
  invalidClient: 'Invalid client: {{slug}}',
  noClient: 'Routing Error: The URL did not specify an active client',
} as const;
/** A message of the spec's wording, by its key: the rules answer keys, the client translates `messages.<key>`, the server says `JOURNEY_MESSAGES[key]`. */
export type JourneyMessageKey = keyof typeof JOURNEY_MESSAGES;
