export { JobLostError, JobService, JobShutdownError, PermanentError, RetryLater, jobOptionsFromEnv, type JobLog, type JobServiceOptions } from './JobService';
export { parseCron, previousFire, type SchedulePeriod } from './cron';
export type { EnqueueOptions, Job, JobBackoff, JobKind, JobListFilter, JobRun, Jobs, JobState, ScheduleOptions } from './types';
