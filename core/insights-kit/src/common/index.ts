/**
 * The insight domain's shared contract (no React, no Node): the Insights panel's levels and
 * owners, the audience builder's links and drafts, the segment and count endpoints, the filter
 * bar's one meaning, saved charts and counts by chart id.
 */
export * from './audiences';
export * from './chartCounts';
export * from './filters';
export * from './insights';
export * from './savedCharts';
export * from './segments';
export * from './smallBase';
