// jsdom with the web platform pieces Node has and jsdom lacks (fetch types, TextEncoder),
// so client code and its tests use the same Response, Headers and encoders as browsers.
const { TestEnvironment } = require('jest-environment-jsdom');

class DiscoveryJsdom extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Response', 'Request', 'Headers', 'fetch', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone', 'BroadcastChannel']) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = DiscoveryJsdom;
