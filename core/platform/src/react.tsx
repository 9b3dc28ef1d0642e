import type { Token } from '@discovery/plugin-api';
import type { Container } from 'inversify';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const c = useContext(ContainerContext);
  if (!c) throw new Error('useService needs a ContainerProvider above it');
  return c;
}

/** A service from the container by its token (stores are singletons). */
export function useService<T>(token: Token<T>): T {
  return useContainer().get<T>(token.symbol);
}

/** An optional service: null when no enabled plugin binds it (JupyterLab's optional tokens). */
export function useOptionalService<T>(token: Token<T>): T | null {
  const c = useContainer();
  return c.isBound(token.symbol) ? c.get<T>(token.symbol) : null;
}

/** Every contribution bound to a multi token (home cards, home sections); empty when none. */
export function useContributions<T>(token: Token<T>): T[] {
  const c = useContainer();
  // the same array for the life of the container: safe in effect dependencies
  return useMemo(() => (c.isBound(token.symbol) ? c.getAll<T>(token.symbol) : []), [c, token]);
}
