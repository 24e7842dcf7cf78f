// Structural rules: tree-sitter queries (compiled once per language) and
// line-oriented regular expressions for configuration files that are not parsed.
import picomatch from 'picomatch';
import { Query, type Language, type Node, type Tree } from 'web-tree-sitter';
import type { LanguageSyntax } from './languages/types.ts';
import { RuleError, type CompiledRule } from './rules/load.ts';

export interface PatternHit {
  rule: CompiledRule;
  node?: Node;
  /** For regex rules: 1-based line and column and the matched length. */
  line?: number;
  column?: number;
  length?: number;
}

interface CompiledQueryRule {
  rule: CompiledRule;
  query: Query;
  report: string;
  unless: Query[];
  only: Query[];
  requires?: RegExp;
  scope: 'function' | 'file';
}

/** The query rules of one language, compiled against its grammar. */
export class PatternMatcher {
  private readonly compiled: CompiledQueryRule[] = [];

  constructor(
    private readonly syntax: LanguageSyntax,
    language: Language,
    rules: CompiledRule[],
  ) {
    for (const rule of rules) {
      const spec = rule.spec.pattern;
      if (!spec) continue;
      try {
        this.compiled.push({
          rule,
          query: new Query(language, spec.query),
          report: spec.report ?? 'match',
          unless: (spec.unlessInside ?? []).map((q) => new Query(language, q)),
          only: (spec.onlyInside ?? []).map((q) => new Query(language, q)),
          requires: spec.requires ? new RegExp(spec.requires) : undefined,
          scope: spec.scope ?? 'function',
        });
      } catch (error) {
        throw new RuleError(`${rule.file} (${rule.id}): invalid tree-sitter query for ${syntax.id}: ${(error as Error).message}`);
      }
    }
  }

  get size(): number {
    return this.compiled.length;
  }

  /** `text` (the tree's source) lets rules with `requires` skip files that cannot match. */
  match(tree: Tree, hits: PatternHit[], text?: string): void {
    for (const c of this.compiled) {
      if (c.requires && text !== undefined && !c.requires.test(text)) continue;
      const seen = new Set<number>();
      for (const m of c.query.matches(tree.rootNode)) {
        const capture = m.captures.find((x) => x.name === c.report) ?? m.captures[0];
        if (!capture) continue;
        const node = capture.node;
        if (seen.has(node.startIndex)) continue;
        seen.add(node.startIndex);
        if ((c.unless.length || c.only.length) && this.suppressed(c, node, tree)) continue;
        hits.push({ rule: c.rule, node });
      }
    }
  }

  private suppressed(c: CompiledQueryRule, node: Node, tree: Tree): boolean {
    const scopeNode = c.scope === 'function' ? (this.enclosingScope(node) ?? tree.rootNode) : tree.rootNode;
    const found = (q: Query) => q.matches(scopeNode, { maxStartDepth: undefined }).length > 0;
    if (c.unless.some(found)) return true;
    return c.only.length > 0 && !c.only.some(found);
  }

  /** The function a node belongs to; a decorator belongs to the function it decorates (Python `@csrf_exempt`). */
  private enclosingScope(node: Node): Node | null {
    let inDecorator = this.syntax.decorators.includes(node.type);
    for (let p = node.parent; p; p = p.parent) {
      if (this.syntax.functions[p.type]) return p;
      if (inDecorator) {
        const decorated = p.namedChildren.find((c) => !!c && !!this.syntax.functions[c.type]);
        if (decorated) return decorated;
      }
      if (this.syntax.decorators.includes(p.type)) inDecorator = true;
    }
    return null;
  }
}

/** Regex rules that apply to a file, by its path. */
export function regexRulesFor(rules: CompiledRule[], file: string): { rule: CompiledRule; re: RegExp }[] {
  const out: { rule: CompiledRule; re: RegExp }[] = [];
  for (const rule of rules) {
    const spec = rule.spec.regex;
    if (!spec) continue;
    if (!picomatch.isMatch(file, spec.files, { dot: true, basename: !spec.files.some((g) => g.includes('/')) })) continue;
    const flags = new Set((spec.flags ?? '').split(''));
    flags.add('g');
    flags.add('m');
    out.push({ rule, re: new RegExp(spec.pattern, [...flags].join('')) });
  }
  return out;
}

export function matchRegexRules(rules: { rule: CompiledRule; re: RegExp }[], text: string, hits: PatternHit[]): void {
  if (rules.length === 0) return;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  for (const { rule, re } of rules) {
    re.lastIndex = 0;
    const seenLines = new Set<number>();
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) re.lastIndex++;
      const row = lineOf(m.index);
      if (seenLines.has(row)) continue;
      seenLines.add(row);
      hits.push({ rule, line: row + 1, column: m.index - lineStarts[row]! + 1, length: m[0].length });
    }
  }
}
