import { createRouteRef } from '@discovery/plugin-api';

/** SHELL-018: home exists at every level of the hierarchy. */
export const homeRoutes = {
  root: createRouteRef({ id: 'home.root', scope: 'global', path: 'home' }),
  client: createRouteRef({ id: 'home.client', scope: 'client', path: 'home' }),
  region: createRouteRef({ id: 'home.region', scope: 'region', path: 'home' }),
  brand: createRouteRef({ id: 'home.brand', scope: 'brand', path: 'home' }),
  product: createRouteRef({ id: 'home.product', scope: 'product', path: 'home' }),
};

export interface GreetingUser {
  first_name: string;
  last_name: string;
}

/** SHELL-098: the greeting uses the full name, first_name + ' ' + last_name. */
export function fullName(u: GreetingUser): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ');
}
