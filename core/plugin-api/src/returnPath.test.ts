import { safeReturnPath } from './returnPath';

describe('safeReturnPath (SHELL-038, SRV-011, SRV-012)', () => {
  it.each(
    [
      ['//evil.example', 'a protocol-relative address'],
      ['/\\evil.example', 'a backslash a browser reads as a slash'],
      ['/%5Cevil.example', 'a percent-encoded backslash'],
      ['/%5cevil.example', 'a lower-case percent-encoded backslash'],
      ['/%09/evil.example', 'a percent-encoded tab the URL parser drops after decoding'],
      ['/\t/evil.example', 'a raw tab'],
      ['/\n/evil.example', 'a raw newline'],
      ['/%2F/evil.example', 'a percent-encoded slash making //'],
      ['javascript:alert(1)', 'a javascript: address'],
      ['https://evil.example/home', 'an absolute address'],
      ['http:/evil.example', 'a scheme with one slash'],
      [' /home', 'a leading space'],
      ['home', 'a relative path'],
      ['', 'an empty value'],
      ['/100%', 'a broken percent escape'],
      ['/' + 'a'.repeat(2048), 'an address over 2048 characters'],
    ].map(([input, why]) => [input.length > 40 ? `${input.slice(0, 8)}…` : JSON.stringify(input), why, input]),
  )('refuses %s (%s)', (_shown, _why, input) => {
    expect(safeReturnPath(input)).toBeNull();
  });

  it.each([null, undefined, 42, ['/home'], { path: '/home' }])('refuses a value that is not text: %j', (input) => {
    expect(safeReturnPath(input)).toBeNull();
  });

  it.each(['/ok/path?x=1', '/acme/us/fizz-cola/fizz-zero/home?tab=2#top', '/home', '/', '/search?q=a%2Fb', '/caf%C3%A9'])(
    'keeps the same-origin path %j as given',
    (input) => {
      expect(safeReturnPath(input)).toBe(input);
    },
  );
});
