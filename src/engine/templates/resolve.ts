// From a template name in a render call to the scanned file it names, by the framework's folder
// convention (`templates/`, `views/`, `resources/views/`): a file whose path ends with
// `<folder>/<name>` (plus an extension the template language uses, when the name has none), the folder in
// any case.
// Where several match, the one nearest the handler wins (Django apps each have a `templates/`).
import path from 'node:path';

/**
 * A string literal naming a template file by its extension (`"feed.html"`, `'posts/show.html.twig'`): a function given one
 * is analysed once per name, so a render helper (`render(w, "feed.html", data)`) renders what each caller names.
 */
const TEMPLATE_FILE = /^[rbu]?(['"`])([\w./-]+\.(?:html?|tmpl|gohtml|gotmpl|tpl|ejs|pug|jade|hbs|handlebars|njk|twig|erb|cshtml|j2|jinja2?|mustache))\1$/;

export function templateFileName(text: string | undefined): string | undefined {
  return text === undefined ? undefined : TEMPLATE_FILE.exec(text.trim())?.[2];
}

/** Scanned paths by base name, per scan: a lookup reads only the files of that name. */
export class TemplateIndex {
  private readonly byBase = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    for (const p of paths) {
      const base = path.posix.basename(p);
      (this.byBase.get(base) ?? this.byBase.set(base, []).get(base)!).push(p);
    }
  }

  /** The file a render call in `from` names, or undefined. `extensions` are tried, in order, when the name as given matches nothing. */
  resolve(name: string, from: string, folders: string[], extensions: string[]): string | undefined {
    const clean = name.replace(/^\.?\//, '').replace(/\\/g, '/');
    if (!clean || clean.includes('..')) return undefined;
    for (const candidate of [clean, ...extensions.map((e) => clean + e)]) {
      const found = this.nearest(candidate, from, folders);
      if (found) return found;
    }
    return undefined;
  }

  /** A file at exactly `file` (or `file` plus one of `extensions`). */
  exact(file: string, extensions: string[]): string | undefined {
    if (file.startsWith('../')) return undefined;
    for (const candidate of [file, ...extensions.map((e) => file + e)]) {
      if ((this.byBase.get(path.posix.basename(candidate)) ?? []).includes(candidate)) return candidate;
    }
    return undefined;
  }

  private nearest(name: string, from: string, folders: string[]): string | undefined {
    // The folder in any case (Express's `app.set('views', './src/Views')`), the name as written.
    const suffixes = folders.length ? folders.map((f) => `${f.replace(/\/+$/, '').toLowerCase()}/${name}`) : [name];
    let best: string | undefined;
    let bestShared = -1;
    for (const p of this.byBase.get(path.posix.basename(name)) ?? []) {
      const folded = p.slice(0, p.length - name.length).toLowerCase() + p.slice(p.length - name.length);
      if (!p.endsWith(name) || !suffixes.some((s) => folded === s || folded.endsWith(`/${s}`))) continue;
      const shared = sharedDirectories(p, from);
      if (shared > bestShared || (shared === bestShared && best !== undefined && p < best)) {
        best = p;
        bestShared = shared;
      }
    }
    return best;
  }
}

function sharedDirectories(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}
