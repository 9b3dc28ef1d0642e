import Fastify from 'fastify';
async function main() {
  const app = Fastify({ bodyLimit: 1_048_576 });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_r, b, d) => d(null, b));
  app.post('/up', { bodyLimit: 1_048_576 }, async (req) => ({ ok: (req.body as Buffer).length }));
  app.get('/ping', async () => 'pong');
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const size of [500_000, 3_000_000, 30_000_000]) {
    const fd = new FormData();
    fd.append('template', new Blob([Buffer.alloc(size, 1)]), 'a.xls');
    try {
      const res = await fetch(`${url}/up`, { method: 'POST', body: fd });
      console.log(size, res.status, (await res.text()).slice(0, 100), res.headers.get('connection'));
    } catch (e) { console.log(size, 'network error', (e as Error).message, (e as any).cause?.code); }
  }
  await app.close();
}
main();
