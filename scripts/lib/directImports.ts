/**
 * An esbuild plugin that turns `import { a, b } from '<barrel>'` into imports from the files that
 * define `a` and `b`, for the barrels named by `barrel` (package entries that only re-export).
 *
 * Why: esbuild splits code by the set of entry points (the app and each `import()`) that reach a
 * file. A barrel reached by the first chunk AND a lazy one passes the first chunk's mark to every
 * export any chunk uses, so the sign-in page downloaded every Blueprint component, shell widget
 * and icon the whole app uses (measured: ~40 KB gzipped). Imported directly, a file is in the
 * first chunk only when the first chunk's own code imports it.
 *
 * Best effort and safe: a name the plugin cannot place (a type, an unusual export form) stays
 * imported from the barrel, which is what the source said.
 */
import type * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

type Exports = Map<string, { file: string; name: string }>;

// `import { a, b as c, type T } from 'x';` (also `import type {...}`), across lines.
const NAMED_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3\s*;?/g;
const REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3/g;
const STAR_REEXPORT = /export\s*\*\s*from\s*(['"])([^'"]+)\1/g;
const LOCAL_LIST = /export\s+\{([^}]*)\}\s*(?!\s*from)[;\n]/g;
const DECLARATION = /export\s+(?:declare\s+)?(?:async\s+)?(?:function\s*\*?|const(?!\s+enum)|let|var|class|abstract\s+class|enum|const\s+enum)\s+([A-Za-z_$][\w$]*)/g;

const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

function specifiers(list: string): { name: string; as: string; type: boolean }[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const type = /^type\s+/.test(s);
      const [name, as] = s.replace(/^type\s+/, '').split(/\s+as\s+/);
      return { name: name.trim(), as: (as ?? name).trim(), type };
    });
}

/** `importers`: the files to rewrite (an esbuild filter: Go regular expression syntax). */
export function directImports(opts: { barrel: (specifier: string) => boolean; importers: RegExp }): esbuild.Plugin {
  return {
    name: 'direct-imports',
    setup(build) {
      const maps = new Map<string, Promise<Exports>>();
      const resolve = async (spec: string, from: string): Promise<string | null> => {
        const r = await build.resolve(spec, { kind: 'import-statement', resolveDir: dirname(from) });
        return r.errors.length || r.external || !r.path ? null : r.path;
      };

      /** Every value export of `file`, followed through re-exports to the file that defines it. */
      const exportsOf = (file: string): Promise<Exports> => {
        let p = maps.get(file);
        if (!p) {
          p = (async () => {
            const src = stripComments(await readFile(file, 'utf8'));
            const map: Exports = new Map();
            for (const m of src.matchAll(DECLARATION)) map.set(m[1], { file, name: m[1] });
            if (/export\s+default\b/.test(src)) map.set('default', { file, name: 'default' });
            for (const m of src.matchAll(LOCAL_LIST)) for (const s of specifiers(m[1])) if (!s.type) map.set(s.as, { file, name: s.as });
            for (const m of src.matchAll(REEXPORT)) {
              if (m[1]) continue;
              const target = await resolve(m[4], file);
              if (!target) continue;
              const inner = await exportsOf(target);
              for (const s of specifiers(m[2])) {
                const found = !s.type && inner.get(s.name);
                if (found) map.set(s.as, found);
              }
            }
            for (const m of src.matchAll(STAR_REEXPORT)) {
              const target = await resolve(m[2], file);
              if (!target) continue;
              for (const [name, found] of await exportsOf(target)) if (!map.has(name) && name !== 'default') map.set(name, found);
            }
            return map;
          })();
          maps.set(file, p);
        }
        return p;
      };

      build.onLoad({ filter: opts.importers }, async (args) => {
        const src = await readFile(args.path, 'utf8');
        const found = [...src.matchAll(NAMED_IMPORT)].filter((m) => !m[1] && opts.barrel(m[4]));
        if (!found.length) return undefined;
        let out = '';
        let at = 0;
        for (const m of found) {
          const barrel = await resolve(m[4], args.path);
          const exports = barrel ? await exportsOf(barrel) : new Map();
          const direct = new Map<string, string[]>();
          const rest: string[] = [];
          for (const s of specifiers(m[2])) {
            const hit = !s.type && exports.get(s.name);
            if (hit) direct.set(hit.file, [...(direct.get(hit.file) ?? []), `${hit.name} as ${s.as}`]);
            else rest.push(s.type ? `type ${s.name} as ${s.as}` : `${s.name} as ${s.as}`);
          }
          const lines = [...direct].map(([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`);
          if (rest.length) lines.push(`import { ${rest.join(', ')} } from ${JSON.stringify(m[4])};`);
          // Same number of lines as the statement replaced, so source maps still point right.
          out += src.slice(at, m.index) + lines.join(' ') + '\n'.repeat((m[0].match(/\n/g) ?? []).length);
          at = m.index! + m[0].length;
        }
        out += src.slice(at);
        const ext = args.path.slice(args.path.lastIndexOf('.') + 1);
        return { contents: out, loader: ext === 'tsx' ? 'tsx' : ext === 'ts' ? 'ts' : ext === 'jsx' ? 'jsx' : 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}
