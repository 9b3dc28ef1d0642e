import { bootstrapPlugins, initI18n } from '@discovery/platform';
import type { ClientPlugin } from '@discovery/plugin-api';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { BootError } from './pages/ErrorPanels';
import type { BuildInfoValues } from './shell/BuildInfo';
import './styles.css';

/** Boots a build: i18n, plugin validation and activation, then the router. */
export async function startApp(opts: { plugins: ClientPlugin[]; buildInfo: BuildInfoValues; rootElement?: HTMLElement }): Promise<void> {
  const root = createRoot(opts.rootElement ?? document.getElementById('root')!);
  await initI18n();
  try {
    const boot = await bootstrapPlugins(opts.plugins);
    root.render(
      <BrowserRouter>
        <App boot={boot} buildInfo={opts.buildInfo} />
      </BrowserRouter>,
    );
  } catch (e) {
    root.render(<BootError error={e as Error} />);
  }
}
