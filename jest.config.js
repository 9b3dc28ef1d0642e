// One jest run over every package: client code (React, MobX) in jsdom, the rest in node.
// swc without decorator metadata, so tests see what the esbuild bundle sees (TOOLCHAIN.md).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: false, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const { vendorMapper } = require('./scripts/jest/vendor');
const common = {
  transform: {
    '^.+\\.(t|j)sx?$': swc,
    '^.+\\.sql$': '<rootDir>/scripts/jest/textTransform.js',
  },
  moduleNameMapper: {
    '\\.(css|svg|png)$': '<rootDir>/scripts/jest/fileStub.js',
    '^plotly\\.js/lib/(core|bar)$': '<rootDir>/scripts/jest/plotlyStub.js',
    ...vendorMapper(),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json', 'sql'],
  transformIgnorePatterns: ['/node_modules/(?!(@blueprintjs)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
module.exports = {
  // A test or hook that passes returns when its work is done, so a long limit costs only a failing
  // one: server starts (PGlite, migrations, seed) took over 30 s on this 2-core machine at load 12-15.
  testTimeout: 120000,
  globalSetup: '<rootDir>/scripts/jest/globalSetup.js',
  projects: [
    {
      ...common,
      rootDir: __dirname,
      displayName: 'client',
      testEnvironment: '<rootDir>/scripts/jest/jsdomEnv.js',
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/setupClient.ts'],
      testMatch: [
        '<rootDir>/core/{platform,ui,charts}/src/**/*.test.{ts,tsx}',
        '<rootDir>/core/insights-kit/src/client/**/*.test.{ts,tsx}',
        '<rootDir>/core/test-utils/src/client/**/*.test.{ts,tsx}',
        '<rootDir>/plugins/*/src/client/**/*.test.{ts,tsx}',
        '<rootDir>/host/src/client/**/*.test.{ts,tsx}',
      ],
    },
    {
      ...common,
      rootDir: __dirname,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/core/{plugin-api,server,counts}/src/**/*.test.ts',
        '<rootDir>/core/insights-kit/src/{common,server}/**/*.test.ts',
        '<rootDir>/core/test-utils/src/server/**/*.test.ts',
        '<rootDir>/plugins/*/src/{server,common}/**/*.test.ts',
        '<rootDir>/host/src/server/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
      ],
    },
  ],
};
