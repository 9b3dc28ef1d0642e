import Fastify, { type FastifyInstance } from 'fastify';

/** The path every page of the demo application lives under (also how its units are recognised). */
export const DEMO_APP_PATH = '/toolbox-demo/';

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The demo page an external link unit of this name opens. */
export function demoLinkUrl(demoUrl: string, name: string): string {
  return `${demoUrl}link?name=${encodeURIComponent(name)}`;
}

export interface DemoAppServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A demo embedded application on a second origin (its own listener, by default an ephemeral port
 * of the same host): it asks the app for the SSO token, validates it against the validation URL it
 * is given and shows who is signed in, the context it is told and a logout. It also holds a page of
 * a third origin (the same listener under the other loopback name) that asks the app for the token,
 * which the app must ignore (TBX-020).
 */
export async function startDemoApp(opts: { host: string; port: number; publicHost: string }): Promise<DemoAppServer> {
  const app: FastifyInstance = Fastify({ logger: false });
  const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Discovery demo application</title>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#1c2127}dt{font-weight:600;margin-top:8px}button{margin:8px 8px 0 0}iframe{border:1px dashed #999;width:420px;height:90px;margin-top:8px}</style>
</head><body>${body}</body></html>`;
  app.get(DEMO_APP_PATH, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        html(`<h1>Demo application</h1>
<p id="greeting" data-testid="demo-greeting">Waiting for single sign-on…</p>
<dl>
  <dt>Status</dt><dd id="status" data-testid="demo-status">No token yet</dd>
  <dt>Email</dt><dd id="email" data-testid="demo-email">-</dd>
  <dt>Context</dt><dd id="context" data-testid="demo-context">-</dd>
  <dt>Context messages</dt><dd id="contexts" data-testid="demo-context-count">0</dd>
  <dt>Tokens received</dt><dd id="tokens" data-testid="demo-token-count">0</dd>
</dl>
<button id="ask" data-testid="demo-ask">Ask for the token again</button>
<button id="intruder" data-testid="demo-intruder">Open a page of another origin</button>
<div id="intruder-slot"></div>
<script>
(function () {
  var tokens = 0, contexts = 0;
  function set(id, text) { document.getElementById(id).textContent = text; }
  window.addEventListener('message', function (e) {
    // Only the window that embeds us speaks for the app.
    if (e.source !== window.parent) return;
    var m = e.data || {};
    if (m.type === 'sso-token') {
      tokens++; set('tokens', String(tokens)); set('status', 'Validating the token…');
      var u;
      try { u = new URL(m.validationUrl); } catch (err) { set('status', 'No validation URL'); return; }
      u.searchParams.set('token', m.token);
      // SRV-013: this application's own name (from its unit url): a token made for another one is refused.
      var unit = new URLSearchParams(location.search).get('unit');
      if (unit) u.searchParams.set('audience', unit);
      fetch(u.toString(), { credentials: 'omit' }).then(function (r) {
        return r.json().then(function (b) { if (!r.ok) throw new Error((b.error && b.error.message) || String(r.status)); return b.data; });
      }).then(function (who) {
        set('greeting', 'Hello, ' + who.first_name + ' ' + who.last_name);
        set('email', who.email);
        set('status', 'Signed in with single sign-on');
      }).catch(function (err) { set('status', 'Token rejected: ' + err.message); });
    } else if (m.type === 'context-change') {
      contexts++; set('contexts', String(contexts));
      set('context', [m.clientSlug, m.regionSlug, m.brandSlug, m.productSlug].filter(Boolean).join(' / '));
    } else if (m.type === 'logout') {
      set('greeting', 'Signed out'); set('status', 'The app signed out'); set('email', '-');
    }
    // What the demo was told, kept by its own server (GET ${DEMO_APP_PATH}events): the page itself
    // is gone a moment after a logout.
    if (typeof m.type === 'string') navigator.sendBeacon('${DEMO_APP_PATH}events', JSON.stringify({ type: m.type, origin: e.origin }));
  });
  document.getElementById('ask').onclick = function () { window.parent.postMessage({ type: 'request-sso-token' }, '*'); };
  document.getElementById('intruder').onclick = function () {
    var other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    var f = document.createElement('iframe');
    f.title = 'Page of another origin';
    f.setAttribute('data-testid', 'demo-intruder-frame');
    f.src = location.protocol + '//' + other + ':' + location.port + '${DEMO_APP_PATH}intruder';
    document.getElementById('intruder-slot').replaceChildren(f);
  };
})();
</script>`),
      ),
  );
  app.get(`${DEMO_APP_PATH}intruder`, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        html(`<p id="intruder-state" data-testid="intruder-state">Asking the app for a token…</p>
<p>Tokens received: <span id="got" data-testid="intruder-token-count">0</span></p>
<script>
(function () {
  var got = 0;
  window.addEventListener('message', function (e) { if (e.data && e.data.type === 'sso-token') { got++; document.getElementById('got').textContent = String(got); } });
  // Ask the top window (the app) directly, from this origin.
  window.top.postMessage({ type: 'request-sso-token' }, '*');
  window.parent.postMessage({ type: 'request-sso-token' }, '*');
  document.getElementById('intruder-state').textContent = 'Asked the app for a token from ' + location.origin;
})();
</script>`),
      ),
  );
  // The demo's external link units (a partner tool the toolbox opens in a new tab) point here:
  // a real page on another origin, not a placeholder host that does not resolve (issue 14 §5).
  app.get(`${DEMO_APP_PATH}link`, async (req, reply) => {
    const name = String((req.query as { name?: unknown }).name ?? 'Partner tool').slice(0, 100);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        html(`<h1 data-testid="demo-link-name">${escapeHtml(name)}</h1>
<p>A partner tool the Discovery toolbox links to. In a deployment this unit's address is the tool's own (Manage Toolbox).</p>`),
      );
  });
  // The messages the demo pages received (newest last, at most 200): a tester's view of the hand-off.
  const events: { type: string; origin: string; at: string }[] = [];
  app.post(`${DEMO_APP_PATH}events`, async (req, reply) => {
    let body: { type?: unknown; origin?: unknown };
    try {
      body = typeof req.body === 'string' ? JSON.parse(req.body) : ((req.body as object) ?? {});
    } catch {
      return reply.code(400).send({ error: { message: 'Send JSON {type, origin}.' } });
    }
    if (typeof body.type !== 'string' || body.type.length > 100) return reply.code(400).send({ error: { message: 'type must be a short string.' } });
    events.push({ type: body.type, origin: String(body.origin ?? '').slice(0, 200), at: new Date().toISOString() });
    if (events.length > 200) events.splice(0, events.length - 200);
    return reply.code(204).send();
  });
  app.get(`${DEMO_APP_PATH}events`, async () => ({ data: events }));
  const address = await app.listen({ host: opts.host, port: opts.port });
  const port = new URL(address).port;
  return { origin: `http://${opts.publicHost}:${port}`, close: () => app.close() };
}
