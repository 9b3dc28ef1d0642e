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
  /** The rules list shown beside the steps (UPL-016..019, UPL-037/038). */
  rules: string[];
}

const col = (name: string, kind: ColumnKind = 'text', required = true): ColumnSpec => ({ name, required, kind });

const SCOPE_RULES = {
  regionOnly: 'The template affects only the current client and region: brands and products must be in this region.',
  keepGoing: 'Errors do not stop the upload: the rows with errors are listed by row and column and are not updated; the other rows are.',
} as const;

/** UPL-017: Region Level, a survey spanning all products. */
const REGION: TemplateSpec = {
  file: 'Region_Survey_Template.csv',
  owner: 'region',
  columns: [col('Survey Name'), col('Question'), col('Answer'), col('Answer Percent', 'percent')],
  resultColumns: ['Survey Name', 'Question'],
  rules: [
    'One line per attribute value: Survey Name, Question and Answer.',
    "Percentages go in 'Answer Percent' (0 to 100).",
    'Errors do not stop the upload, but the erroneous row or field is not updated.',
    'The upload replaces the existing region survey: anything omitted from the file is deleted.',
  ],
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
  rules: [
    'Each row needs at least Brand, Product, Chart Name, Market Segment and Audience (and the survey: Survey Name, Question, Answer).',
    'Names must match across lines and the chart, market segment and audience must exist in the product.',
    SCOPE_RULES.regionOnly,
    "Use either 'Answer Percent' or 'Answer Count', not both.",
    'Errors do not stop the upload if brands, products and format are valid.',
  ],
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
  rules: [
    'Each row needs at least Brand, Product, Journey Name, Journey Brand Name and Journey Stage Name (and the survey: Survey Name, Question, Answer).',
    'Names must match across lines and the journey, its brand and stage must exist in the product.',
    SCOPE_RULES.regionOnly,
    "Use either 'Answer Percent' or 'Answer Count', not both.",
    'Errors do not stop the upload if brands, products and format are valid.',
  ],
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
  rules: [
    SCOPE_RULES.regionOnly,
    'Columns A-K are required, except G (Tab Position).',
    'One line per attribute, with matching brand, market and audience.',
    SCOPE_RULES.keepGoing,
    'Positions are numbers: tabs left to right from 1; widgets and attributes top to bottom from 1.',
    "Percentages go in 'Attribute Percent' (0 to 100).",
  ],
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
  rules: [
    SCOPE_RULES.regionOnly,
    'Columns A-H are required; I-O are optional.',
    'One line per attribute value, with matching brand, product, journey and stage.',
    SCOPE_RULES.keepGoing,
    'Positions are numbers: stages left to right from 1; brands and attributes top to bottom from 1.',
    "Percentages go in 'Attribute Percent'. Use either 'Attribute Value' or 'Attribute Percent', not both.",
  ],
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
  rules: [
    "The template affects only the custom Market Level widgets of the 'All Data' persona of each product, in the current client and region.",
    'Columns A-G are required, except E (Widget Position).',
    'One line per attribute, with matching brand, product, tab name and demographic category.',
    SCOPE_RULES.keepGoing,
    'Positions are numbers from 1: widgets top to bottom.',
    "Percentages go in 'Attribute Percent' (0 to 100).",
  ],
};

/** the survey types of the page (surveyType) and of the calls. */
export const SURVEY_TYPES = [
  { key: 'region', label: 'Region Level', api: 'region' },
  { key: 'audience', label: 'Audience Level', api: 'audience' },
  { key: 'journeyAudience', label: 'Stage Level', api: 'journey' },
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
