import { NonIdealState } from '@blueprintjs/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A plugin that failed to start: its routes show this; the rest of the app works. */
export function PluginErrorPanel({ pluginId, error }: { pluginId: string; error: Error }) {
  const { t } = useTranslation();
  return (
    <div data-testid="plugin-error" role="alert">
      <NonIdealState icon="error" title={t('errors.pluginFailed')} description={t('errors.pluginFailedDetail', { plugin: pluginId, message: error.message })} />
    </div>
  );
}

/** Validation failed at boot: nothing runs; the message names the plugin to fix. */
export function BootError({ error }: { error: Error }) {
  return (
    <main className="dsc-center" role="alert" data-testid="boot-error">
      <NonIdealState icon="error" title={useTranslation().t('errors.bootFailed')} description={error.message} />
    </main>
  );
}

/** Catches a page that throws while rendering or loading its chunk. */
export class PageErrorBoundary extends Component<{ pluginId: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <PluginErrorPanel pluginId={this.props.pluginId} error={this.state.error} /> : this.props.children;
  }
}
