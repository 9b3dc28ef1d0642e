/**
 * The insight domain's client half: what Grow, Overlap, Journeys, Outcomes, Explore and the
 * insight areas share (README.md). Pages import from here; plugins provide the Insights panel
 * and index reports through the tokens.
 */
export * from '../common';
export { insightsKitModule } from './module';
export { insightsKitPlugin } from './plugin';
export * from './tokens';
export { ShellModalsStore, type AudienceSummary } from './ShellModalsStore';
export { AudienceDetailsModal, InsightModals, ZeroCountModal } from './widgets/ShellModals';
export { SegmentPicker, type SegmentPickerProps } from './picker/SegmentPicker';
export { SegmentPickerStore, type PickerContext, type PickerOptions, type PickerSegment } from './picker/SegmentPickerStore';
export { RequestIndexReport } from './widgets/RequestIndexReport';
export {
  INVALID_ACTION_THROTTLE_MS,
  InvalidAudiencesDialog,
  type InvalidAudiencesAction,
  type InvalidAudiencesList,
  type InvalidAudiencesDialogProps,
} from './widgets/InvalidAudiencesDialog';
export { SaveAudienceButton, type SaveAudienceButtonProps } from './widgets/SaveAudienceButton';
export { SavedChartDropdown, type SavedChartDropdownProps, type SavedChartItem } from './widgets/SavedChartDropdown';
export { SavedChartList } from './SavedChartList';
export { FilterBar, type FilterBarProps } from './widgets/FilterBar';
export { useSmallBase } from './useSmallBase';
