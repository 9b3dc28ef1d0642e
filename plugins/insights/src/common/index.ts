/**
 * The insights plugin's shared rules: endpoints, schemas (run by the forms and the server), the
 * owner kinds and their permissions, and the DTOs. No React or Node code.
 */
export * from './dto';
export * from './endpoints';
export * from './rules';
export * from './schema';
