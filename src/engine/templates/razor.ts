// Razor (ASP.NET MVC, Razor Pages): `@x` encodes, `@Html.Raw(x)` and `new HtmlString(x)` do not.
// What a view reads is the model (`Model.Bio`), `ViewBag.Bio` or `ViewData["bio"]` (any key: the
// taint engine keeps a dictionary whole), and loop variables over them (`@foreach (var c in
// Model.Comments)`) and locals of code blocks (`var posts = (List<Post>)Model.Posts;`). Partials (`Html.Partial("_Row")`, `<partial name="_Row" />`) are followed.
import type { ParsedTemplate, RawOutput, TemplateReference, TemplateSyntax } from './types.ts';
import { escaperCall, METHOD_CHAIN, PASS_THROUGH, Positions, printedBranches, resolveAliases, rootsOf } from './text.ts';

// `@@` prints an `@` and starts no code (`@@Html.Raw(x)` is text on the page): matched first with the name after it, and passed over.
const TOKEN = /@@[\w.]*|@\*[\s\S]*?\*@|@?Html\.Raw\s*\(|new\s+(?:Microsoft\.AspNetCore\.Html\.)?HtmlString\s*\(|\bforeach\s*\(\s*(?:var|[\w.<>]+)\s+(\w+)\s+in\s+([^)]*)\)|Html\.(?:Partial|PartialAsync|RenderPartial|RenderPartialAsync)\s*\(\s*"([^"]+)"\s*(?:,\s*([^)]+))?|<partial\s+name\s*=\s*"([^"]+)"(?:\s+(?:model|for)\s*=\s*"([^"]*)")?|(?<=^|[{;\n])[ \t]*(?:var|[A-Z][\w.]*(?:<[\w.<>, ]*>)?(?:\[\])?)\s+(\w+)\s*=\s*([^;\n]+);/g;

/** The text up to the parenthesis that closes the one just opened at `from`. */
function argumentText(text: string, from: number): string {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(from, i);
    else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) break;
      i = end;
    }
  }
  return '';
}

/** `ViewBag.Bio`, `ViewData` (for `ViewData["bio"]`), `Model.Bio` (a property of the view model), `Model`, and other names as they are. */
function razorRoots(expression: string): string[] {
  if (escaperCall(expression)) return [];
  const out = new Set<string>();
  const branches = printedBranches(expression);
  const rest = branches.replace(/\b(ViewBag|Model)\s*\.\s*(\w+)/g, (match: string, root: string, name: string, at: number) => {
    // A method called on the property prints the method's output (`Model.Filter.ToJson()`), as rootsOf reads any
    // other name, unless it hands the text back (`Model.Body.Substring(0, 80)`).
    const chain = METHOD_CHAIN.exec(branches.slice(at + match.length));
    if (!chain || PASS_THROUGH.has(chain[1]!)) out.add(`${root}.${name}`);
    return '';
  });
  for (const r of rootsOf(rest)) out.add(r);
  return [...out];
}

function parse(text: string): ParsedTemplate {
  const positions = new Positions(text);
  const raw: RawOutput[] = [];
  const references: TemplateReference[] = [];
  const aliases = new Map<string, string[]>();
  const resolved = (names: string[]) => resolveAliases(aliases, names);
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index!;
    if (m[0].startsWith('@@') || m[0].startsWith('@*')) continue;
    if (m[1] !== undefined) aliases.set(m[1], resolved(razorRoots(m[2]!)));
    // A local of a code block (`var feedBlabs = (List<Blab>)Model.BlabsByOthers;`) stands for what it is given, cast or not.
    else if (m[7] !== undefined) aliases.set(m[7], resolved(razorRoots(m[8]!.replace(/^\s*\([\w.<>,\[\] ]+\)\s*(?=[\w(])/, ''))));
    else if (m[3] !== undefined || m[5] !== undefined) {
      // A partial given a model (`Html.Partial("_Row", c)`, `<partial name="_Row" model="c" />`) reads it as its `Model`.
      const model = m[4] ?? m[6];
      const bindings: Record<string, string[]> = Object.fromEntries(aliases);
      if (model) bindings.Model = resolved(razorRoots(model.replace(/^@/, '')));
      references.push({ name: (m[3] ?? m[5])!, line: positions.at(at).line, bindings });
    }
    else {
      const argument = argumentText(text, at + m[0].length);
      const roots = resolved(razorRoots(argument));
      const end = at + m[0].length + argument.length + 1;
      if (roots.length) raw.push({ roots, ...positions.span(at, end), text: text.slice(at, end) });
    }
  }
  return { raw, references };
}

export const razor: TemplateSyntax = { id: 'razor', extensions: ['.cshtml'], parse };
