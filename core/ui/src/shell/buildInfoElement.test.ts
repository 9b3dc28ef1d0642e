import { parseBuildInfo } from './buildInfoElement';

describe('SHELL-011 build values carried by the page', () => {
  it('reads branch, revision, date and version from the JSON the build writes into index.html', () => {
    const values = { version: '0.1.0', branch: 'main', revision: 'b03c6e1', date: '2026-12-07T01:20:00.000Z' };
    expect(parseBuildInfo(JSON.stringify(values))).toEqual(values);
  });

  it('says unknown for a page without them, for text that is not JSON, and for a value that is not text', () => {
    const unknown = { version: 'unknown', branch: 'unknown', revision: 'unknown', date: 'unknown' };
    expect(parseBuildInfo(null)).toEqual(unknown);
    expect(parseBuildInfo('{"branch": "ma')).toEqual(unknown);
    expect(parseBuildInfo('{"branch": 7, "revision": "abc"}')).toEqual({ ...unknown, revision: 'abc' });
  });
});
