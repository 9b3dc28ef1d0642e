/** The Journeys plugin's shared code: endpoints, route refs, permissions, schemas (run by the builder and the server), DTOs, constants and the pure rules. No React or Node code. */
export * from './constants';
export * from './dto';
export * from './endpoints';
export * from './rules';
export * from './schema';
