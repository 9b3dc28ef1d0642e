/** Layout every Plotly chart shares: the app's font, transparent backgrounds, tight margins. */
export const FONT_FAMILY = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif";

export function baseLayout(margin: { l: number; r: number; t: number; b: number }): Record<string, unknown> {
  return {
    font: { family: FONT_FAMILY, size: 12, color: '#1c2127' },
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    margin: { ...margin, pad: 0 },
    showlegend: false,
    // OUT-027: tooltips after 500 ms are the host's choice; Plotly shows them on hover at once.
    hoverlabel: { font: { family: FONT_FAMILY } },
    dragmode: false,
  };
}
