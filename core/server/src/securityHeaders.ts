import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Plotly (core/charts) adds one empty `<style>` element and fills it through the CSSOM
 * (`insertRule`, which the policy does not govern). Its empty content is allowed by hash, nothing
 * else: no 'unsafe-inline', no style attributes (measured: docs/decisions.md 2026-11-26).
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * The Content-Security-Policy of every page and API answer. Scripts and styles only from
 * this origin: React and Blueprint set styles through the CSSOM, which the policy does not govern,
 * so no inline style is needed (measured in Chromium: e2e/specs/shell/security.e2e.ts reports
 * every violation; docs/decisions.md), except Plotly's empty style element (EMPTY_STYLE_HASH).
 * Frames only this origin and the embedded applications' origins; nobody else may frame the app.
 */
export function contentSecurityPolicy(frameOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${EMPTY_STYLE_HASH}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${["'self'", ...frameOrigins].join(' ')}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Sets the security headers on an answer; call before anything is sent (an error answer keeps them). */
export function createSecurityHeaders(frameOrigins: () => readonly string[]) {
  let cachedFor: readonly string[] | null = null;
  let csp = '';
  return (req: FastifyRequest, reply: FastifyReply): void => {
    const origins = frameOrigins();
    if (origins !== cachedFor) {
      cachedFor = origins;
      csp = contentSecurityPolicy(origins);
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    // Pages and API answers carry the policy; the build's scripts, styles and fonts do not need it
    // (a policy governs the document that loads them), and leaving it off saves ~0.6 KB a file.
    if (!req.url.startsWith('/assets/')) {
      reply.header('Content-Security-Policy', csp);
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    }
    // Only over https (req.protocol reads X-Forwarded-Proto when trustProxy is on): a browser
    // ignores it over http, and on localhost it would pin the developer's other ports to https.
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
  };
}
