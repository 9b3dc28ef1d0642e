export { App } from './App';
export { startApp } from './startApp';
export { AppShell } from './shell/AppShell';
export { badgeText, LeftNav } from './shell/LeftNav';
export { HierarchySelector } from './shell/HierarchySelector';
export { dataSources, UserMenu } from './shell/UserMenu';
export { ErrorBanner } from './shell/ErrorBanner';
export { Toasts } from './shell/Toasts';
export { BUILD_INFO_MS, BUILD_INFO_SEQUENCE, BuildInfo, type BuildInfoValues } from './shell/BuildInfo';
export { NOTIFICATION_PANEL_WIDTH, NotificationsPanel } from './shell/NotificationsPanel';
export { LoginPage } from './pages/LoginPage';
export { NotFoundPage } from './pages/NotFoundPage';
export { MissingPermissions } from './pages/MissingPermissions';
export { BootError, PageErrorBoundary, PluginErrorPanel } from './pages/ErrorPanels';
export { Logo } from './shell/Logo';
export { AudienceDetailsModal, ZeroCountModal } from './shell/ShellModals';
export { SegmentPicker, type SegmentPickerProps } from './picker/SegmentPicker';
export { SLIDE_IN_WIDTHS, SlideInPanel, type SlideInPanelProps, type SlideInWidth } from './widgets/SlideInPanel';
export { RequestIndexReport } from './reports/RequestIndexReport';
export { SegmentPickerStore, type PickerContext, type PickerOptions, type PickerSegment } from './picker/SegmentPickerStore';
export { Heading, PageTitle, type HeadingLevel, type HeadingProps } from './widgets/Heading';
export { StateMessage, type StateMessageProps } from './widgets/StateMessage';
export { LoadError, type LoadErrorProps } from './widgets/LoadError';
export { VisuallyHidden } from './widgets/VisuallyHidden';
export { MenuTitle } from './widgets/MenuTitle';
export { ConfirmDialog, type ConfirmDialogProps } from './widgets/ConfirmDialog';
export { LoadingSpinner } from './widgets/LoadingSpinner';
export { AppDialog } from './widgets/AppDialog';
export { KeyboardMenu } from './widgets/KeyboardMenu';
export {
  INVALID_ACTION_THROTTLE_MS,
  InvalidAudiencesDialog,
  type InvalidAudiencesAction,
  type InvalidAudiencesList,
  type InvalidAudiencesDialogProps,
} from './widgets/InvalidAudiencesDialog';
export { SaveAudienceButton, type SaveAudienceButtonProps } from './widgets/SaveAudienceButton';
export { SavedChartDropdown, type SavedChartDropdownProps, type SavedChartItem } from './widgets/SavedChartDropdown';
