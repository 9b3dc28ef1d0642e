// The app's CSS, all of it here (see startHost.ts for why not beside the code that uses it).
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
// The upload screens' errors and results tables (plugins/uploads): CSS of a lazy chunk would not be loaded.
import '@blueprintjs/table/lib/css/table.css';
import '@discovery/ui/styles.css';

export { startHost } from './startHost';
