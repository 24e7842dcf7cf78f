// Loads and compiles the secret rules (rules/secrets/*.yaml) once per process.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleValidation, validatedRuleData } from '../rules/snapshot.ts';
import type { AssignmentRule, PatternRule, SecretRule } from './schema.ts';
import { WordAutomaton } from '../patterns/word-automaton.ts';
import type { SecretFileKind } from './file-kinds.ts';

export const BUILTIN_SECRET_RULES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../rules/secrets');

export interface CompiledPatternRule {
  kind: 'pattern';
  spec: PatternRule;
  notIn: Set<SecretFileKind>;
  regex: RegExp;
  allow: RegExp[];
  allowLine: RegExp[];
  allowContext: RegExp[];
}

export interface CompiledAssignmentRule {
  kind: 'assignment';
  spec: AssignmentRule;
  notIn: Set<SecretFileKind>;
  allow: RegExp[];
  allowLine: RegExp[];
  allowContext: RegExp[];
  secretWordsShort: Set<string>;
  secretWordsLong: string[];
  passwordWords: Set<string>;
  exceptWords: Set<string>;
  exceptHeadWords: Set<string>;
  unquotedIn: Set<string>;
}

export type CompiledSecretRule = CompiledPatternRule | CompiledAssignmentRule;

export interface SecretRuleSet {
  rules: CompiledSecretRule[];
  /** Every keyword of every rule, found in one pass over a text (ASCII letters in either case): a text with none holds no secret. */
  keywordFinder: WordAutomaton;
  /** For each keyword the finder reports (by its index), the rules that have it. */
  rulesByKeyword: CompiledSecretRule[][];
}

export function compileSecretRules(specs: SecretRule[]): SecretRuleSet {
  const ids = new Set<string>();
  const rules: CompiledSecretRule[] = specs.map((spec) => {
    if (ids.has(spec.id)) throw new Error(`duplicate secret rule id ${spec.id}`);
    ids.add(spec.id);
    const allow = spec.allow.map((source) => new RegExp(source));
    const allowLine = spec.allowLine.map((source) => new RegExp(source));
    const allowContext = spec.allowContext.map((source) => new RegExp(source, 'i'));
    const notIn = new Set(spec.notIn);
    if (spec.kind === 'pattern') {
      return { kind: 'pattern', spec, notIn, regex: new RegExp(spec.regex, `gd${spec.flags}`), allow, allowLine, allowContext };
    }
    return {
      kind: 'assignment',
      spec,
      notIn,
      allow,
      allowLine,
      allowContext,
      secretWordsShort: new Set(spec.secretWords.filter((w) => w.length < 5)),
      secretWordsLong: spec.secretWords.filter((w) => w.length >= 5),
      passwordWords: new Set(spec.passwordWords),
      exceptWords: new Set(spec.exceptWords),
      exceptHeadWords: new Set(spec.exceptHeadWords),
      unquotedIn: new Set(spec.unquotedIn.map((s) => s.toLowerCase())),
    };
  });
  // Pattern rules first: a provider's name for a secret beats the generic one.
  rules.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'pattern' ? -1 : 1));
  const keywords = [...new Set(rules.flatMap((r) => r.spec.keywords))];
  const keywordFinder = new WordAutomaton(keywords, { ignoreAsciiCase: true });
  const rulesByKeyword = keywordFinder.words.map((k) => rules.filter((r) => r.spec.keywords.includes(k)));
  return { rules, keywordFinder, rulesByKeyword };
}

/** Reads every `*.yaml` rule file of a directory (validated by the zod schema). */
export function readSecretRuleDir(dir: string): SecretRule[] {
  const specs: SecretRule[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.yaml')) continue; // .yml files beside the rules are their tests
    const file = validatedRuleData(readFileSync(join(dir, name), 'utf8'), (text) => ruleValidation().validateSecretRuleFile(name, text));
    specs.push(...file.rules);
  }
  return specs;
}

/** Bump when the detection code (not the rule files) changes what is found: cached results are keyed by it. */
const SECRET_DETECTOR_VERSION = '3';

/** A hash of the built-in secret rule files and the detector version, for result caches. */
export function secretRulesVersion(): string {
  const hash = createHash('sha256').update(SECRET_DETECTOR_VERSION);
  for (const name of readdirSync(BUILTIN_SECRET_RULES_DIR).sort()) {
    if (name.endsWith('.yaml')) hash.update(name).update('\0').update(readFileSync(join(BUILTIN_SECRET_RULES_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let builtin: SecretRuleSet | undefined;

export function builtinSecretRules(): SecretRuleSet {
  builtin ??= compileSecretRules(readSecretRuleDir(BUILTIN_SECRET_RULES_DIR));
  return builtin;
}

/**
 * A per-line prefilter for callers that see text a line at a time (git patches):
 * whether a line can be part of a finding on its own, and whether it opens a block
 * (a PEM key) whose following lines must be kept with it.
 */
export interface SecretLineFilter {
  mayHoldSecret(line: string): boolean;
  opensBlock(line: string): boolean;
  /** How many lines after an opening line to keep. */
  blockLines: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function secretLineFilter(ruleSet: SecretRuleSet = builtinSecretRules()): SecretLineFilter {
  const blockKeywords = ruleSet.rules.flatMap((r) => (r.kind === 'pattern' && r.spec.multiline ? r.spec.keywords : []));
  const block = blockKeywords.length > 0 ? new RegExp(blockKeywords.map(escapeRegex).join('|'), 'i') : null;
  return {
    mayHoldSecret: (line) => ruleSet.keywordFinder.occursIn(line),
    opensBlock: (line) => block !== null && block.test(line),
    blockLines: 400,
  };
}
