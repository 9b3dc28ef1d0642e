import { saveBlob } from '@discovery/platform';
import { fileBaseName, toCsv, toXlsx, type ChartTable } from './table';

export type ExportFormat = 'png' | 'xlsx' | 'csv';

/** A chart's picture, made when asked (Plotly's toImage, or a canvas drawing for HTML charts). */
export type PngSource = () => Promise<Blob>;

export function dataUrlToBlob(url: string): Blob {
  const [head, body] = url.split(',', 2);
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = head.includes(';base64') ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(body));
  return new Blob([bytes], { type });
}

/** Saves the chart as a picture, a workbook or a csv file named after it. */
export async function exportChart(format: ExportFormat, table: ChartTable, png: PngSource | null): Promise<void> {
  const base = fileBaseName(table.caption);
  if (format === 'csv') {
    // A byte-order mark so Excel reads the file as UTF-8 (names with accents).
    saveBlob(new Blob(['\ufeff', toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
  } else if (format === 'xlsx') {
    saveBlob(await toXlsx(table), `${base}.xlsx`);
  } else {
    if (!png) throw new Error('the chart is not drawn yet');
    saveBlob(await png(), `${base}.png`);
  }
}

/** An SVG element as a PNG (the gauge): serialised, drawn on a canvas at twice its size. */
export async function svgToPng(svg: SVGSVGElement): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const w = Math.max(1, Math.round(width || Number(svg.getAttribute('width')) || 100));
  const h = Math.max(1, Math.round(height || Number(svg.getAttribute('height')) || 100));
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the picture could not be drawn'));
      img.src = url;
    });
    return await canvasToPng(w, h, (ctx) => ctx.drawImage(img, 0, 0, w, h));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A white canvas of w × h CSS pixels at twice the resolution, drawn by `draw`, as a PNG. */
export function canvasToPng(w: number, h: number, draw: (ctx: CanvasRenderingContext2D) => void): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = w * 2;
  canvas.height = h * 2;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('this browser cannot draw pictures'));
  ctx.scale(2, 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  draw(ctx);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture could not be made'))), 'image/png'));
}
