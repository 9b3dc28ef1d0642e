import type { ClientPlugin } from '@discovery/plugin-api';
import { startApp } from '@discovery/ui';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';

declare const __BUILD_INFO__: { version: string; branch: string; revision: string; date: string };

/** Entry of every client build: the generated client.tsx passes the build's plugins. */
export function startHost(plugins: ClientPlugin[]): void {
  startApp({ plugins, buildInfo: __BUILD_INFO__ });
}
