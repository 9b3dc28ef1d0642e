/** One file part of a multipart/form-data body. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** What an upload endpoint's handler receives: its file part and the text parts beside it. */
export interface UploadForm {
  file: UploadedFile | null;
  /** Text parts by name (the first of a name wins), as UTF-8. */
  fields: Record<string, string>;
}

/** Text parts longer than this are left out (an upload's text parts are names and descriptions). */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_PARTS = 50;

/**
 * The parts of a buffered multipart/form-data body: the file in the part named `field` and the
 * text parts. A malformed body (no boundary, a part without its headers' end or its closing
 * delimiter) yields what was read before the fault. Buffer.indexOf only: the scan is native and
 * linear, whatever the body holds.
 */
export function multipartForm(body: Buffer, contentType: string, field: string): UploadForm {
  const form: UploadForm = { file: null, fields: {} };
  const boundary = /boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType);
  if (!boundary) return form;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  for (let parts = 0; at >= 0 && parts < MAX_PARTS; parts++) {
    const start = at + delimiter.length + 2; // past the delimiter's CRLF
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const headEnd = body.indexOf('\r\n\r\n', start);
    if (headEnd < 0 || headEnd > next) break;
    const head = body.subarray(start, Math.min(headEnd, start + 4096)).toString('utf8');
    const name = /[;\s]name="([^"]*)"/i.exec(head)?.[1];
    const filename = /[;\s]filename="([^"]*)"/i.exec(head)?.[1];
    const data = body.subarray(headEnd + 4, Math.max(headEnd + 4, next - 2));
    if (name === field && filename !== undefined) form.file ??= { filename, data };
    else if (name && filename === undefined && data.length <= MAX_FIELD_BYTES && !(name in form.fields)) form.fields[name] = data.toString('utf8');
    at = next;
  }
  return form;
}
