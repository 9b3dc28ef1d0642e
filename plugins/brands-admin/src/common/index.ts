export * from './refs';
export * from './messages';
export * from './companyId';
export * from './mapping';
export * from './rules';
export * from './schema';
export * from './endpoints';
