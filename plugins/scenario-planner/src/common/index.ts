export * from './refs';
export * from './messages';
export * from './schema';
export * from './rules';
export * from './endpoints';
