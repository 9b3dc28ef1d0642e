import en from './locales/en.json';
import { fullName, homeRoutes } from '../common';

describe('home rules', () => {
  it('SHELL-098 builds the full name from first_name and last_name', () => {
    expect(fullName({ first_name: 'Ada', last_name: 'Admin' })).toBe('Ada Admin');
    expect(en.greeting).toBe('Welcome, {{name}}');
  });

  it('SHELL-099 words the impersonation notice as designed', () => {
    expect(en.impersonating).toBe('You are viewing as {{name}}. Use Stop Viewing As in the user menu to return to your account.');
  });

  it('SHELL-018 has a home route at each of the five levels', () => {
    const ctx = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-zero' };
    expect(Object.values(homeRoutes).map((r) => r.link(ctx))).toEqual([
      '/home',
      '/acme/home',
      '/acme/us/home',
      '/acme/us/fizz-cola/home',
      '/acme/us/fizz-cola/fizz-zero/home',
    ]);
  });
});
