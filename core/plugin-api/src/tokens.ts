/**
 * A service contract between plugins (JupyterLab style). The id reads `pluginId:Thing`;
 * `symbol` is the Inversify service identifier.
 */
export interface Token<T> {
  readonly id: string;
  readonly symbol: symbol;
  /** Phantom field so Token<A> and Token<B> do not unify. Never set. */
  readonly __type?: T;
}

export function createToken<T>(id: string): Token<T> {
  if (!/^[a-z0-9-]+:[A-Za-z0-9]+$/.test(id)) {
    throw new Error(`Token id '${id}' must read 'pluginId:Thing'`);
  }
  return Object.freeze({ id, symbol: Symbol.for(`discovery.token.${id}`) }) as Token<T>;
}
