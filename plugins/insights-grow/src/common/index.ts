/** Grow's shared rules: endpoints, schemas (run by the forms and the server), DTOs, verticals and the screen's pure rules. No React or Node code. */
export * from './dto';
export * from './endpoints';
export * from './rules';
export * from './schema';
export * from './service';
export * from './verticals';
export * from './snapshots';
