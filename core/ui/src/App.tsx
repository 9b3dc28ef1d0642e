import type { BootResult } from '@discovery/platform';
import { PluginRoutes } from './PluginRoutes';
import { Root } from './Root';
import type { BuildInfoValues } from './shell/BuildInfo';

/** The whole app with its plugins already booted (tests render this; startApp loads the plugins lazily). */
export function App({ boot, buildInfo }: { boot: BootResult; buildInfo: BuildInfoValues }) {
  return <Root container={boot.container} buildInfo={buildInfo} pluginRoutes={<PluginRoutes boot={boot} />} />;
}
