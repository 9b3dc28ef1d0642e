// Plotly draws with SVG measuring and canvas, which jsdom lacks. Client tests get this stand-in
// for plotly.js/lib/core and lib/bar (jest.config.js moduleNameMapper): it keeps the figure on the
// graph div (el.data, el.layout: what a test asserts), emits Plotly-style events and makes a
// tiny PNG, so core/charts' components run their real code around it.
const listeners = new WeakMap();

function on(el) {
  if (!listeners.has(el)) listeners.set(el, new Map());
  el.on = (name, fn) => {
    const m = listeners.get(el);
    m.set(name, [...(m.get(name) || []), fn]);
  };
  el.removeListener = (name, fn) => {
    const m = listeners.get(el);
    m.set(
      name,
      (m.get(name) || []).filter((f) => f !== fn),
    );
  };
  el.emit = (name, event) => (listeners.get(el).get(name) || []).forEach((f) => f(event));
}

const Plotly = {
  register() {},
  react(el, figureOrData, layout, config) {
    const fig = Array.isArray(figureOrData) ? { data: figureOrData, layout, config } : figureOrData;
    if (!el.on) on(el);
    el.data = fig.data;
    el.layout = fig.layout;
    el.config = fig.config;
    el.setAttribute('data-plotly-stub', 'drawn');
    return Promise.resolve(el);
  },
  purge(el) {
    listeners.delete(el);
  },
  Plots: { resize() {} },
  // A 1×1 transparent PNG.
  toImage: () => Promise.resolve('data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
};

module.exports = Plotly;
module.exports.default = Plotly;
