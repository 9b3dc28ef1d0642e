export {
  costOf,
  countsBackendSetting,
  CountBudgetError,
  CountsEngine,
  CountsUnavailableError,
  DEFAULT_COUNT_BUDGET,
  runInCountScope,
  type CountScope,
  MODELED_ONLY_WEIGHT,
  PopulationLoadError,
  UnknownSegmentsError,
  weightsOf,
  type CountOptions,
  type CountsBackend,
  type CountsBackendName,
  type FunnelCounts,
  type EngineOptions,
  type MekkoResult,
  type OverlapCell,
  type OverlapResult,
  type ProfileRow,
  type WorkerFault,
} from './engine';
export { DEMO_REGIONS, generatePopulation, regionSlices, type GenerateOptions } from './generate';
export { searchSegments, searchWords } from './search';
export { DEMO_POPULATION, demoAudiencePopulation, expectedMatched, type PopulationPlan } from './expected';
export { generatePopulationParallel, type ParallelGenerateOptions } from './parallel';
export { GENERATOR_VERSION, MANIFEST_FILE, type Manifest, type RegionSlice, type SegmentEntry } from './manifest';
export type { FunnelRow, MarketSpec, Rule, RuleGroup } from './ops';
export { SegmentFileReader, SHARD_BITS, SHARD_SIZE, type MembershipKind } from './storage';
export { DEMO_BRANDS, FUNNEL_STAGES, brandBuyersName, segmentId, VENDORS, type DemoBrand, type Vendor } from './taxonomy';
export { Population, type PopulationOptions, type PopulationState } from './population';
export { chooseKernel, kernelStatus, loadKernel, type CountKernel, type KernelFunctions, type KernelMode, type KernelOption } from './kernel';
export { loadPopulation, loadedVersion, populationVersion, createTablesSql, DEFAULT_TABLES, type ClickHouseTables, type LoadResult } from './clickhouse/load';
export { ChdbRunner, ServerRunner, openRunner, DEFAULT_CLICKHOUSE_TIMEOUT_MS, type ClickHouseRunner } from './clickhouse/runner';
