import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One file of the client build, with the compressed copies scripts/build.ts writes beside it. */
interface Asset {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/**
 * The client build as it was when the server started, held in memory (issue 25 §8): `npm run
 * build` deletes and rewrites dist/, and a server that read the files from disk then answered the
 * start-time page with assets that no longer existed, or a new page whose assets it had no route
 * for: a blank app. The page and its assets come from one snapshot, so they always match; the
 * next start serves the new build. Source maps (half the bytes, wanted by developer tools only)
 * are read from disk when asked for.
 */
export class PublicSnapshot {
  private readonly files = new Map<string, Asset>();
  readonly index: Asset | null;
  readonly bytes: number;

  constructor(private readonly dir: string) {
    let bytes = 0;
    const all = existsSync(dir) ? walk(dir) : [];
    const present = new Set(all);
    for (const file of all) {
      if (file.endsWith('.br') || file.endsWith('.gz') || file.endsWith('.map')) continue;
      const body = readFileSync(file);
      const asset: Asset = {
        body,
        type: TYPES[extname(file)] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      };
      if (present.has(`${file}.br`)) asset.br = readFileSync(`${file}.br`);
      if (present.has(`${file}.gz`)) asset.gz = readFileSync(`${file}.gz`);
      bytes += body.length + (asset.br?.length ?? 0) + (asset.gz?.length ?? 0);
      this.files.set('/' + relative(dir, file).split(sep).join('/'), asset);
    }
    this.index = this.files.get('/index.html') ?? null;
    this.bytes = bytes;
  }

  /** A file of the snapshot by its URL path ('/assets/app-X.js'). */
  get(path: string): Asset | undefined {
    return this.files.get(path);
  }

  /** The body in the encoding the request accepts (brotli, then gzip, then none), with its headers. */
  send(req: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply {
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      asset.br && /\bbr\b/.test(accept) ? ['br', asset.br] : asset.gz && /\bgzip\b/.test(accept) ? ['gzip', asset.gz] : [null, asset.body];
    if (asset.br || asset.gz) reply.header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.type(asset.type).send(body);
  }

  /**
   * Serves /assets/* (named by their content: cached for good, no validators) and gives the page
   * to `page()` (ETag, 304 when unchanged, asked for again each time).
   */
  register(app: FastifyInstance): void {
    app.get('/assets/*', async (req, reply) => {
      let path: string;
      try {
        path = decodeURIComponent(req.url.split('?')[0]);
      } catch {
        return reply.callNotFound();
      }
      const asset = this.get(path);
      if (asset) return this.send(req, reply.header('Cache-Control', 'public, max-age=31536000, immutable'), asset);
      if (path.endsWith('.map') && !path.includes('..')) {
        const body = await readFile(join(this.dir, path)).catch(() => null);
        if (body) return reply.type(TYPES['.map']).header('Cache-Control', 'no-cache').send(body);
      }
      return reply.callNotFound();
    });
  }

  /** The SPA page (index.html of the snapshot). */
  page(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    const index = this.index!;
    reply.header('Cache-Control', 'no-cache').header('ETag', index.etag);
    if (req.headers['if-none-match'] === index.etag) return reply.code(304).send();
    return this.send(req, reply, index);
  }
}
