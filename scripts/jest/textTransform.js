// Jest counterpart of esbuild's text loader: `import sql from './0001_init.sql'`.
module.exports = {
  process(src) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(src)} };` };
  },
};
