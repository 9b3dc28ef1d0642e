import { columnLetter, type UploadErrorDto } from '@discovery/plugin-api';

/** How a column's cells are read: text, a whole number from 1 (positions, UPL-037), or a number (percents, values, counts). */
export type ColumnKind = 'text' | 'position' | 'percent' | 'number';

export interface ColumnSpec {
  name: string;
  required: boolean;
  kind: ColumnKind;
}

/** What a template's rows fill in the Insights panel's Market Level. */
export type TemplateOwner = 'region' | 'mekkos' | 'journeys' | 'personas';

export interface TemplateSpec {
  /** The download's file name as 002 §7 gives it (A-29: the content is an .xls workbook). */
  file: string;
  columns: ColumnSpec[];
  /** Two number columns of which a row fills exactly one (UPL-018, UPL-037). */
  oneOf?: readonly [string, string];
  owner: TemplateOwner;
  /** The results table's columns (UPL-015, UPL-036). */
  resultColumns: string[];
  /** The rules list shown beside the steps (UPL-016..019, UPL-037/038): keys of the uploads locale's `rules`. */
  rules: string[];
}

const col = (name: string, kind: ColumnKind = 'text', required = true): ColumnSpec => ({ name, required, kind });

/** Rules several templates share (keys of the uploads locale's `rules.scope`). */
const SCOPE_RULES = { regionOnly: 'scope.regionOnly', keepGoing: 'scope.keepGoing' } as const;

/** UPL-017: Region Level, a survey spanning all products. */
const REGION: TemplateSpec = {
  file: 'Region_Survey_Template.csv',
  owner: 'region',
  columns: [col('Survey Name'), col('Question'), col('Answer'), col('Answer Percent', 'percent')],
  resultColumns: ['Survey Name', 'Question'],
  rules: ['region.r1', 'region.r2', 'region.r3', 'region.r4'],
};

/** UPL-018: Audience Level, tied to Grow chart audiences per product. */
const AUDIENCE: TemplateSpec = {
  file: 'GrowChart_Survey_Template.csv',
  owner: 'mekkos',
  columns: [
    col('Brand'),
    col('Product'),
    col('Chart Name'),
    col('Market Segment'),
    col('Audience'),
    col('Survey Name'),
    col('Question'),
    col('Answer'),
    col('Answer Percent', 'percent', false),
    col('Answer Count', 'number', false),
  ],
  oneOf: ['Answer Percent', 'Answer Count'],
  resultColumns: ['Chart Name', 'Market', 'Audience', 'Survey Name'],
  rules: ['audience.r1', 'audience.r2', SCOPE_RULES.regionOnly, 'audience.r3', 'audience.r4'],
};

/** UPL-019: Stage Level, tied to journey stages per product. */
const JOURNEY_SURVEY: TemplateSpec = {
  file: 'Journey_Survey_Template.csv',
  owner: 'journeys',
  columns: [
    col('Brand'),
    col('Product'),
    col('Journey Name'),
    col('Journey Brand Name'),
    col('Journey Stage Name'),
    col('Survey Name'),
    col('Question'),
    col('Answer'),
    col('Answer Percent', 'percent', false),
    col('Answer Count', 'number', false),
  ],
  oneOf: ['Answer Percent', 'Answer Count'],
  resultColumns: ['Journey', 'Brand', 'Stage', 'Survey Name'],
  rules: ['journeySurvey.r1', 'journeySurvey.r2', SCOPE_RULES.regionOnly, 'journeySurvey.r3', 'journeySurvey.r4'],
};

/** UPL-038: Grow/Widgets, columns A-K required except G. */
const GROW: TemplateSpec = {
  file: 'GrowChart_Template.csv',
  owner: 'mekkos',
  columns: [
    col('Brand'),
    col('Product'),
    col('Chart Name'),
    col('Market'),
    col('Audience'),
    col('Tab Name'),
    col('Tab Position', 'position', false),
    col('Widget Name'),
    col('Widget Position', 'position'),
    col('Attribute Name'),
    col('Attribute Percent', 'percent'),
  ],
  resultColumns: ['Chart Name', 'Market', 'Audience'],
  rules: [SCOPE_RULES.regionOnly, 'mekkos.r1', 'mekkos.r2', SCOPE_RULES.keepGoing, 'mekkos.r3', 'mekkos.r4'],
};

/** UPL-037: Journeys/Widgets, columns A-H required, I-O optional. */
const JOURNEYS: TemplateSpec = {
  file: 'Journey_Template.csv',
  owner: 'journeys',
  columns: [
    col('Brand'),
    col('Product'),
    col('Journey Name'),
    col('Journey Brand Name'),
    col('Journey Brand Position', 'position'),
    col('Journey Stage Name'),
    col('Journey Stage Position', 'position'),
    col('Attribute Name'),
    col('Attribute Position', 'position', false),
    col('Tab Name', 'text', false),
    col('Widget Name', 'text', false),
    col('Widget Position', 'position', false),
    col('Demographic Category', 'text', false),
    col('Attribute Value', 'number', false),
    col('Attribute Percent', 'percent', false),
  ],
  oneOf: ['Attribute Value', 'Attribute Percent'],
  resultColumns: ['Journey', 'Brand', 'Stage'],
  rules: [SCOPE_RULES.regionOnly, 'journeys.r1', 'journeys.r2', SCOPE_RULES.keepGoing, 'journeys.r3', 'journeys.r4'],
};

/**
 * UPL-039: Explore/Widgets, columns A-G required except E. The spec names no columns: a widget is
 * its demographic category (Insights names Market Level widgets so), E its position in the tab.
 * The rows go to the custom Market Level widgets of the product's 'All Data' persona.
 */
const PERSONAS: TemplateSpec = {
  file: 'Persona_Template.csv',
  owner: 'personas',
  columns: [
    col('Brand'),
    col('Product'),
    col('Tab Name'),
    col('Demographic Category'),
    col('Widget Position', 'position', false),
    col('Attribute Name'),
    col('Attribute Percent', 'percent'),
  ],
  resultColumns: ['Tab', 'Widget', 'Attribute'],
  rules: ['personas.r1', 'personas.r2', 'personas.r3', SCOPE_RULES.keepGoing, 'personas.r4', 'personas.r5'],
};

/** the survey types of the page (surveyType) and of the calls. */
export const SURVEY_TYPES = [
  { key: 'region', label: 'surveyTypes.region', api: 'region' },
  { key: 'audience', label: 'surveyTypes.audience', api: 'audience' },
  { key: 'journeyAudience', label: 'surveyTypes.journeyAudience', api: 'journey' },
] as const;
export type SurveyKey = (typeof SURVEY_TYPES)[number]['key'];
export type SurveyApiType = (typeof SURVEY_TYPES)[number]['api'];
export const surveyApiType = (key: SurveyKey): SurveyApiType => SURVEY_TYPES.find((t) => t.key === key)!.api;

export const SURVEY_TEMPLATES: Record<SurveyApiType, TemplateSpec> = { region: REGION, audience: AUDIENCE, journey: JOURNEY_SURVEY };
export const WIDGET_TEMPLATES = { mekkos: GROW, journeys: JOURNEYS, personas: PERSONAS } as const;

/** One row of a sheet, read by its template: the cells by column name, and the sheet's row number. */
export interface ReadRow {
  row: number;
  cells: Record<string, string | number | null>;
}

/** A date cell (from another realm too: the sheet thread's structured clone). */
const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

const PERCENT = (name: string) => `${name} must be a number between 0 and 100.`;

/**
 * The rows under the header, by the template's rules (UPL-017..019, UPL-037/038): required cells,
 * whole-number positions from 1, numbers, value-or-percent. A row with an error is left out and its
 * errors listed; the others are returned. Cells are text as the sheet gives them (a formula stays
 * its text '=SUM(..)', so a number column refuses it); a date where a number belongs is an error.
 */
export function readTemplateRows(spec: TemplateSpec, rows: readonly unknown[][]): { rows: ReadRow[]; errors: UploadErrorDto[] } {
  const out: ReadRow[] = [];
  const errors: UploadErrorDto[] = [];
  rows.slice(1).forEach((raw, i) => {
    const row = i + 2;
    const own: UploadErrorDto[] = [];
    const cells: Record<string, string | number | null> = {};
    spec.columns.forEach((c, ci) => {
      const v = raw[ci];
      const column = columnLetter(ci);
      const blank = v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
      if (blank) {
        cells[c.name] = null;
        if (c.required) own.push({ column, row, message: `${c.name} is required.` });
        return;
      }
      if (c.kind === 'text') {
        const text = isDate(v) ? v.toISOString().slice(0, 10) : String(v).trim();
        if (text.length > 100) own.push({ column, row, message: `${c.name} must be 100 characters or fewer.` });
        cells[c.name] = text;
        return;
      }
      if (isDate(v)) {
        own.push({ column, row, message: `${c.name} must be a number, not a date.` });
        return;
      }
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      if (c.kind === 'position' && !(Number.isInteger(n) && n >= 1 && n <= 10000))
        own.push({ column, row, message: `${c.name} must be a whole number from 1.` });
      else if (c.kind === 'percent' && !(Number.isFinite(n) && n >= 0 && n <= 100)) own.push({ column, row, message: PERCENT(c.name) });
      else if (c.kind === 'number' && !(Number.isFinite(n) && n >= 0 && n <= 1e12))
        own.push({ column, row, message: `${c.name} must be a number of at least 0.` });
      else cells[c.name] = n;
    });
    if (spec.oneOf) {
      const [a, b] = spec.oneOf;
      const ia = spec.columns.findIndex((c) => c.name === a);
      const has = (name: string) => {
        const v = raw[spec.columns.findIndex((c) => c.name === name)];
        return v !== null && v !== undefined && String(v).trim() !== '';
      };
      if (has(a) && has(b)) own.push({ column: columnLetter(ia), row, message: `Use either '${a}' or '${b}', not both.` });
      else if (!has(a) && !has(b)) own.push({ column: columnLetter(ia), row, message: `Give '${a}' or '${b}'.` });
    }
    if (own.length) errors.push(...own);
    else out.push({ row, cells });
  });
  return { rows: out, errors };
}

/** The header must be the template's (names trimmed, any case): the first column that is not, or null. */
export function headerError(spec: TemplateSpec, header: readonly unknown[]): UploadErrorDto | null {
  for (let i = 0; i < spec.columns.length; i++) {
    const got = header[i] === null || header[i] === undefined ? '' : String(header[i]).trim();
    if (got.toLowerCase() !== spec.columns[i].name.toLowerCase())
      return {
        column: columnLetter(i),
        row: 1,
        message: `The header of column ${columnLetter(i)} must be '${spec.columns[i].name}' (found '${got}'): download the template again. Nothing was uploaded.`,
      };
  }
  return null;
}
