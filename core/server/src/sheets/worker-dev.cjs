// Worker entry when running from TypeScript sources (tests, tsx): registers tsx, then the worker.
require('tsx/cjs');
require('./worker.ts');
