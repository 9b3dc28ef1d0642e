/** The explore plugin's contract: routes, permissions, endpoints, schemas, DTOs and the screen's rules. */
export * from './dto';
export * from './endpoints';
export * from './rules';
export * from './schema';
