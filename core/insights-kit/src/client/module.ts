import { ShellOverlayToken, type ShellOverlay } from '@discovery/platform';
import { ContainerModule } from 'inversify';
import { ShellModalsStore } from './ShellModalsStore';
import { ShellModalsToken } from './tokens';
import { InsightModals } from './widgets/ShellModals';

/** The kit's services: the modals every chart screen opens, drawn over the shell. */
export const insightsKitModule = new ContainerModule(({ bind }) => {
  bind(ShellModalsToken.symbol)
    .toDynamicValue(() => new ShellModalsStore())
    .inSingletonScope();
  bind(ShellOverlayToken.symbol).toConstantValue({ id: 'insights-kit.modals', component: InsightModals } satisfies ShellOverlay);
});
