import { ApiError, type ApiClient } from '@discovery/platform';
import { UPLOAD_MAX_BYTES, type UploadResultDto } from '../../common';
import { MARKET_LEVEL_CHANGED, UploadStore } from './UploadStore';

const ok: UploadResultDto = {
  data: { updated: [['Media', 'Watches TV']] },
  surveys: ['Media'],
  errors: [{ column: 'D', row: 3, message: 'Answer Percent must be a number between 0 and 100.' }],
};

function make(screen: 'surveys' | 'mekkos' | 'journeys' | 'personas', request: (method: string, url: string, body: unknown) => Promise<unknown>) {
  const toast = { show: jest.fn() };
  const changed = jest.fn();
  const calls: { method: string; url: string; body: unknown }[] = [];
  const api = {
    request: (method: string, url: string, body: unknown) => {
      calls.push({ method, url, body });
      return request(method, url, body);
    },
  } as unknown as ApiClient;
  return { s: new UploadStore(screen, { api, toast, changed, pollMs: 1 }), toast, changed, calls };
}

const xls = (name = 'Region.xls', size = 10) => new File([new Uint8Array(size)], name);

describe('UploadStore', () => {
  it('UPL-003 a file that is not .xls, or past the size limit, is refused before anything is sent', async () => {
    const { s, calls } = make('surveys', async () => ok);
    expect(await s.choose(xls('Region.xlsx'))).toBe(false);
    expect(s.fileError).toBe('Please select an .xls file.');
    const big = { name: 'Big.xls', size: UPLOAD_MAX_BYTES + 1 } as File;
    expect(await s.choose(big)).toBe(false);
    expect(s.fileError).toBe('The file is too large: this upload takes at most 5 MB.');
    expect(calls).toEqual([]);
  });

  it("UPL-005 / UPL-006 / UPL-008 / UPL-007 choosing a file uploads it at once as the multipart part 'template'; success lists the rows, the errors and 'Upload Complete' (4 s), and announces the change", async () => {
    const { s, toast, calls, changed } = make('surveys', async () => ok);
    const file = xls();
    const done = s.choose(file);
    expect(s.busy).toBe(true);
    expect(await done).toBe(true);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('/api/v1/uploads/surveys/region');
    expect((calls[0].body as FormData).get('template')).toBeInstanceOf(File);
    expect([s.busy, s.fileName, s.result?.data.updated, s.errors]).toEqual([false, 'Region.xls', [['Media', 'Watches TV']], ok.errors]);
    expect(toast.show).toHaveBeenCalledWith('success', 'Upload Complete', { timeout: 4000 });
    expect(changed).toHaveBeenCalledWith(MARKET_LEVEL_CHANGED);
  });

  it("UPL-008 / UPL-039 the personas screen posts to its own upload and keeps 'Upload Complete' for 6 s", async () => {
    const { s, toast, calls, changed } = make('personas', async () => ({ data: { updated: [['Lifestyle', 'Pets', 'Dogs']] }, errors: [] }));
    expect(await s.choose(xls('Persona.xls'))).toBe(true);
    expect(calls[0].url).toBe('/api/v1/uploads/personas');
    expect(toast.show).toHaveBeenCalledWith('success', 'Upload Complete', { timeout: 6000 });
    expect(changed).toHaveBeenCalledWith(MARKET_LEVEL_CHANGED);
    for (const screen of ['mekkos', 'journeys'] as const) {
      const other = make(screen, async () => ok);
      await other.s.choose(xls());
      expect(other.toast.show).toHaveBeenCalledWith('success', 'Upload Complete', { timeout: 4000 });
    }
  });

  it("UPL-009 a failure shows the server's message: 5 s on surveys, 6 s on Grow, journeys and personas; its row errors are listed", async () => {
    const refuse = async () =>
      Promise.reject(
        new ApiError(422, 'No row of the file could be uploaded (1 error): nothing was changed. Fix them and upload again.', undefined, { errors: ok.errors }),
      );
    for (const [screen, ms] of [
      ['surveys', 5000],
      ['mekkos', 6000],
      ['journeys', 6000],
      ['personas', 6000],
    ] as const) {
      const { s, toast } = make(screen, refuse);
      expect(await s.choose(xls())).toBe(false);
      expect(toast.show).toHaveBeenCalledWith('error', 'No row of the file could be uploaded (1 error): nothing was changed. Fix them and upload again.', {
        timeout: ms,
      });
      expect(s.errors).toEqual(ok.errors);
    }
  });

  it('UPL-012 / A-45 / UPL-004 surveyType picks the template (journeyAudience calls journey); another type or hierarchy clears results and errors', async () => {
    const { s, calls } = make('surveys', async () => ok);
    expect(s.spec.file).toBe('Region_Survey_Template.csv');
    s.setSurveyType('nonsense');
    expect(s.surveyKey).toBe('region');
    s.setSurveyType('journeyAudience');
    expect(s.spec.file).toBe('Journey_Survey_Template.csv');
    await s.choose(xls());
    expect(calls[0].url).toBe('/api/v1/uploads/surveys/journey');
    s.setSurveyType('audience');
    expect([s.result, s.errors]).toEqual([null, []]);
    s.setContext('acme/us');
    await s.choose(xls());
    s.setContext('acme/uk');
    expect([s.result, s.errors, s.fileName]).toEqual([null, [], null]);
  });

  it('UPL-034 the widget screens use their templates', () => {
    expect(make('mekkos', async () => ok).s.spec.file).toBe('GrowChart_Template.csv');
    expect(make('journeys', async () => ok).s.spec.file).toBe('Journey_Template.csv');
    expect(make('personas', async () => ok).s.spec.file).toBe('Persona_Template.csv');
  });

  it('UPL-036 the results tables take their columns from the template: Journeys, Grow and Explore', () => {
    expect(make('journeys', async () => ok).s.spec.resultColumns).toEqual(['Journey', 'Brand', 'Stage']);
    expect(make('mekkos', async () => ok).s.spec.resultColumns).toEqual(['Chart Name', 'Market', 'Audience']);
    expect(make('personas', async () => ok).s.spec.resultColumns).toEqual(['Tab', 'Widget', 'Attribute']);
  });

  it('UPL-005 a file above the configured size: the core job is followed with its progress until it answers the results, or its refusal', async () => {
    const states = [
      { state: 'queued', progress: 0, progressText: null, result: null, refused: null },
      { state: 'running', progress: 0.4, progressText: 'Checking the rows', result: null, refused: null },
      { state: 'completed', progress: 1, progressText: null, result: ok, refused: null },
    ];
    const seen: unknown[] = [];
    const ref: { s?: UploadStore } = {};
    const made = make('surveys', async (method, url) => {
      if (method === 'POST') return { data: { updated: [] }, errors: [], job: { id: 7 } };
      expect(url).toBe('/api/v1/uploads/jobs/7');
      seen.push(ref.s!.job);
      return { data: { id: 7, error: null, ...states.shift()! } };
    });
    const s = (ref.s = made.s);
    expect(await s.choose(xls())).toBe(true);
    expect(seen).toEqual([
      { progress: 0, text: null },
      { progress: 0, text: null },
      { progress: 0.4, text: 'Checking the rows' },
    ]);
    expect([s.busy, s.job, s.result, s.errors]).toEqual([false, null, ok, ok.errors]);
    expect(made.toast.show).toHaveBeenCalledWith('success', 'Upload Complete', { timeout: 4000 });

    const refused = make('mekkos', async (method) =>
      method === 'POST'
        ? { data: { updated: [] }, errors: [], job: { id: 8 } }
        : {
            data: {
              id: 8,
              state: 'completed',
              progress: 1,
              progressText: null,
              result: null,
              refused: { message: 'The file has several sheets.', errors: [] },
              error: null,
            },
          },
    );
    expect(await refused.s.choose(xls())).toBe(false);
    expect([refused.s.fileError, refused.s.result]).toEqual(['The file has several sheets.', null]);
    expect(refused.toast.show).toHaveBeenCalledWith('error', 'The file has several sheets.', { timeout: 6000 });
  });
});
