export { CountsEngine, MODELED_ONLY_WEIGHT, UnknownSegmentsError, weightsOf, type CountOptions, type EngineOptions, type MekkoResult, type OverlapCell, type OverlapResult, type ProfileRow } from './engine';
export { DEMO_REGIONS, generatePopulation, regionSlices, type GenerateOptions } from './generate';
export { generatePopulationParallel, type ParallelGenerateOptions } from './parallel';
export { MANIFEST_FILE, type Manifest, type RegionSlice, type SegmentEntry } from './manifest';
export type { MarketSpec, Rule, RuleGroup } from './ops';
export { SegmentFileReader, SHARD_BITS, SHARD_SIZE, type MembershipKind } from './storage';
export { VENDORS, type Vendor } from './taxonomy';
export { Population, type PopulationOptions, type PopulationState } from './population';
export { kernelStatus, loadKernel, type CountKernel } from './kernel';
