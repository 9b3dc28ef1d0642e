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

/** What one file exports: its own names, and names it re-exports from other files. */
interface FileExports {
  own: Set<string>;
  /** `export { name as as } from 'target'`, keyed by `as`. */
  named: Map<string, { target: string; name: string }>;
  /** `export * from 'target'`, in source order. */
  star: string[];
}

// `import { a, b as c, type T } from 'x';` (also `import type {...}`), across lines.
const NAMED_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3\s*;?/g;
const REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3/g;
const STAR_REEXPORT = /export\s*\*\s*from\s*(['"])([^'"]+)\1/g;
const LOCAL_LIST = /export\s+\{([^}]*)\}\s*(?!\s*from)[;\n]/g;
const DECLARATION =
  /export\s+(?:declare\s+)?(?:async\s+)?(?:function\s*\*?|const(?!\s+enum)|let|var|class|abstract\s+class|enum|const\s+enum)\s+([A-Za-z_$][\w$]*)/g;

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
      const infos = new Map<string, Promise<FileExports>>();
      const resolve = async (spec: string, from: string): Promise<string | null> => {
        const r = await build.resolve(spec, { kind: 'import-statement', resolveDir: dirname(from) });
        return r.errors.length || r.external || !r.path ? null : r.path;
      };

      /** One file's exports as written (no following: no cycle can wait on itself). */
      const exportsOf = (file: string): Promise<FileExports> => {
        let p = infos.get(file);
        if (!p) {
          p = (async () => {
            const src = stripComments(await readFile(file, 'utf8'));
            const info: FileExports = { own: new Set(), named: new Map(), star: [] };
            for (const m of src.matchAll(DECLARATION)) info.own.add(m[1]);
            if (/export\s+default\b/.test(src)) info.own.add('default');
            for (const m of src.matchAll(LOCAL_LIST)) for (const sp of specifiers(m[1])) if (!sp.type) info.own.add(sp.as);
            for (const m of src.matchAll(REEXPORT)) {
              const target = m[1] ? null : await resolve(m[4], file);
              if (target) for (const sp of specifiers(m[2])) if (!sp.type) info.named.set(sp.as, { target, name: sp.name });
            }
            for (const m of src.matchAll(STAR_REEXPORT)) {
              const target = await resolve(m[2], file);
              if (target) info.star.push(target);
            }
            return info;
          })();
          infos.set(file, p);
        }
        return p;
      };

      /** The file that defines `name` as exported by `file`, through re-exports; null if none is found. */
      const definer = async (file: string, name: string, seen = new Set<string>()): Promise<{ file: string; name: string } | null> => {
        if (seen.has(file)) return null;
        seen.add(file);
        const info = await exportsOf(file);
        if (info.own.has(name)) return { file, name };
        const named = info.named.get(name);
        if (named) return definer(named.target, named.name, seen);
        if (name === 'default') return null;
        for (const target of info.star) {
          const found = await definer(target, name, new Set(seen));
          if (found) return found;
        }
        return null;
      };

      build.onLoad({ filter: opts.importers }, async (args) => {
        const src = await readFile(args.path, 'utf8');
        const found = [...src.matchAll(NAMED_IMPORT)].filter((m) => !m[1] && opts.barrel(m[4]));
        if (!found.length) return undefined;
        let out = '';
        let at = 0;
        for (const m of found) {
          const barrel = await resolve(m[4], args.path);
          const direct = new Map<string, string[]>();
          const rest: string[] = [];
          for (const s of specifiers(m[2])) {
            const hit = !s.type && barrel ? await definer(barrel, s.name) : null;
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
