// plotly.js types its full entry only; the custom bundle (core/charts) imports the lib/ parts.
declare module 'plotly.js/lib/core' {
  import Plotly from 'plotly.js';
  export default Plotly;
}
declare module 'plotly.js/lib/bar' {
  const trace: unknown;
  export default trace;
}
