/**
 * npm run size [-- --build full]: the shell's initial JavaScript (the entry chunk and every chunk
 * it imports statically, before any plugin page chunk), gzipped. Budget: 250 KB; Plotly must not
 * be in it. Prints the figures; exits 1 when over budget.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from './build';
import { argValue, ROOT } from './lib/workspace';

const BUDGET_KB = 250;

async function main() {
  const name = argValue(process.argv.slice(2), '--build') ?? 'full';
  const r = await build(name);
  const outputs = r.metafile.outputs;
  const entryKey = relative(ROOT, r.entryJs);
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imp of outputs[key]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(entryKey);
  let raw = 0;
  let gz = 0;
  const rows: string[] = [];
  const inputs = new Set<string>();
  for (const key of initial) {
    const buf = readFileSync(join(ROOT, key));
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    rows.push(`  ${relative(r.publicDir, join(ROOT, key)).padEnd(48)} ${(buf.length / 1024).toFixed(1).padStart(8)} KB  ${(g / 1024).toFixed(1).padStart(7)} KB gz`);
    for (const i of Object.keys(outputs[key].inputs)) inputs.add(i);
  }
  const lazy = Object.keys(outputs).filter((k) => k.endsWith('.js') && !initial.has(k));
  const css = r.entryCss ? gzipSync(readFileSync(r.entryCss), { level: 9 }).length : 0;
  const plotlyInInitial = [...inputs].filter((i) => /plotly/i.test(i));
  console.log(`build '${name}': initial JavaScript (${initial.size} files)`);
  rows.forEach((x) => console.log(x));
  console.log(`initial JS total: ${(raw / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
  console.log(`initial CSS: ${(css / 1024).toFixed(1)} KB gzipped; lazily loaded JS chunks: ${lazy.length}`);
  console.log(`Plotly in the initial JS: ${plotlyInInitial.length ? 'YES ' + plotlyInInitial.join(', ') : 'no'}`);
  const ok = gz / 1024 <= BUDGET_KB && plotlyInInitial.length === 0;
  console.log(ok ? 'size: within budget' : 'size: OVER BUDGET');
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
