/** One file part of a multipart/form-data body. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * The file in the part named `field` of a buffered multipart/form-data body, or null when the
 * body has none or is malformed (no boundary, a part without its headers' end or its closing
 * delimiter). Buffer.indexOf only: the scan is native and linear, whatever the body holds.
 */
export function multipartFile(body: Buffer, contentType: string, field: string): UploadedFile | null {
  const boundary = /boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length + 2; // past the delimiter's CRLF
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const headEnd = body.indexOf('\r\n\r\n', start);
    if (headEnd < 0 || headEnd > next) return null;
    const head = body.subarray(start, Math.min(headEnd, start + 4096)).toString('utf8');
    const name = /[;\s]name="([^"]*)"/i.exec(head)?.[1];
    const filename = /[;\s]filename="([^"]*)"/i.exec(head)?.[1];
    if (name === field && filename !== undefined) return { filename, data: body.subarray(headEnd + 4, Math.max(headEnd + 4, next - 2)) };
    at = next;
  }
  return null;
}
