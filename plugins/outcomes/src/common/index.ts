/** Outcomes' shared rules: endpoints, schemas (run by the admin panel and the server), DTOs and the screen's pure rules. No React or Node code. */
export * from './dto';
export * from './endpoints';
export * from './rules';
export * from './schema';
export const OUTCOME_SNAPSHOT_JOB = 'outcomes.snapshot';
export const OUTCOME_MONTHLY_JOB = 'outcomes.monthly';
