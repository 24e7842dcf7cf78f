// Reads rule files (YAML) into a validated, compiled rule set. A rule set has a
// version (a hash of every file that went into it) that keys the result cache.
import { secretRulesVersion } from '../secrets/rules.ts';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ruleValidation, validatedRuleData } from './snapshot.ts';
import { BUILTIN_RULES_DIR } from './builtin-dir.ts';
import type {
  ArgCondition,
  LanguageTaintFile,
  RenderSpec,
  RuleSpec,
  SanitizerSpec,
  SinkSpec,
  SourceSpec,
} from './schema.ts';

export { BUILTIN_RULES_DIR };

export interface CompiledSource {
  path?: RegExp;
  paramAnnotation?: RegExp;
  paramType?: RegExp;
  handlerDecorator?: RegExp;
  handlerCall?: RegExp;
  handlerMethod?: RegExp;
  handlerProperty?: RegExp;
  params?: number[];
  inClass?: RegExp;
  exceptMethods?: RegExp;
  exceptParams?: RegExp;
  /** Source text of a regex with `{name}` for the parameter name, tested against the handler's decorators. */
  exceptInDecorator?: string;
  exceptTypes?: RegExp;
  where: CompiledArgCondition[];
  exact?: boolean;
  /**
   * `writtenBy`: the writes, global, each `{model}` of the rule a capture group of the name written; `byModel` when
   * the rule has one (a write then counts for the model it names only).
   */
  stored?: { types: string[]; writtenBy?: { writes: RegExp; byModel: boolean } };
  in?: 'server' | 'browser';
  inListener?: RegExp;
  exceptInClass?: RegExp;
  clean?: { types: string[]; ifProjectUses?: RegExp; inRoute?: RegExp; routerFile?: RegExp; exceptInDecorator?: string };
  label?: string;
}

export interface CompiledArgCondition {
  keyword?: string;
  index?: number;
  receiver?: boolean;
  value?: RegExp;
  path?: RegExp;
  type?: RegExp;
  init?: RegExp;
  classText?: RegExp;
  classVia?: RegExp;
  classMembers?: boolean;
  backtracks?: boolean;
  absent?: boolean;
}

export interface CompiledSink {
  callee?: RegExp;
  assign?: RegExp;
  node?: string;
  precededBy?: RegExp;
  returnFrom?: RegExp;
  returnFromFunction?: RegExp;
  returnedFields?: RegExp;
  atReceiverDefinition?: boolean;
  unlessFile?: RegExp;
  unlessProjectUses?: RegExp;
  ifProjectUses?: { uses: RegExp; manifests: RegExp };
  valueNode?: RegExp;
  args?: number[];
  keywords?: string[];
  receiver?: boolean;
  computedKey?: boolean;
  inFunction?: RegExp;
  argFields?: string[];
  inObject?: boolean;
  built?: boolean;
  composed?: boolean;
  where: CompiledArgCondition[];
  unless: CompiledArgCondition[];
  matches?: RegExp;
  notInParent?: RegExp;
  inside?: RegExp;
  notInside?: RegExp;
  notInsideCallers?: boolean;
  inClass?: RegExp;
  render?: RenderSpec;
}

export interface CompiledSanitizer {
  callee?: RegExp;
  guard?: RegExp;
  node?: string;
  prefix?: RegExp;
  /** undefined = every type. */
  types?: string[];
  where: CompiledArgCondition[];
  receiver: boolean;
  vetsArguments?: number[];
  cleansArguments?: number[];
  readsRecords?: boolean;
  /** A guard that holds where the value is bad (a deny-list of the language's own API). */
  denies?: boolean;
}

export interface CompiledRule {
  spec: RuleSpec;
  id: string;
  type: string;
  cwe: number[];
  /** Rule languages (`typescript` covers .ts and .tsx). */
  languages: string[];
  file: string;
  taint?: {
    sources: CompiledSource[];
    onlyTheseSources: boolean;
    fileHint?: RegExp;
    sinks: CompiledSink[];
    sanitizers: CompiledSanitizer[];
    direct: boolean;
    cleanedBy: string[];
    reportAtSource: boolean;
  };
}

export interface LanguageTaint {
  sources: CompiledSource[];
  sanitizers: CompiledSanitizer[];
  requestTypes: { type: RegExp; alias: string }[];
  /** Files matching none of these hold no source of their own (absent: every file is analysed). */
  fileHints?: RegExp[];
  /** Files that read stored data (analysed as hinted files; they do not count as handling requests). */
  storedHints?: RegExp[];
  /** Names in the hints that count only where they are a function's parameter. */
  hintParameters: string[];
  /** How handlers that only administrators reach are recognised (several files' regexes are alternatives). */
  privileged: { decorator: RegExp[]; registration: RegExp[]; check: RegExp[]; base: RegExp[] };
  /** How handlers that a cross-site page cannot call are recognised (forgery.ts). */
  forgeryProtected?: ForgeryProtection;
  /** How parameters a validation framework checks are recognised (validation.ts). */
  constraintValidation?: ConstraintValidation;
  /** Library calls whose error quotes the input it rejects (members.ts). */
  errorsQuoteInput?: ErrorsQuoteInput;
}

/** A vocabulary of regexes a language declares once in its sources.yaml, each field compiled. */
type CompiledVocabulary<T> = { [K in keyof NonNullable<T>]-?: RegExp };
/** Handlers a cross-site page cannot call (forgery.ts). */
export type ForgeryProtection = CompiledVocabulary<LanguageTaintFile['forgeryProtected']>;
/** Parameters a validation framework checks (validation.ts). */
export type ConstraintValidation = CompiledVocabulary<LanguageTaintFile['constraintValidation']>;
/** Library calls whose error quotes the input it rejects (members.ts). */
export type ErrorsQuoteInput = CompiledVocabulary<LanguageTaintFile['errorsQuoteInput']>;

/** A language's vocabulary compiled, refused when another rule file of the language declared it already. */
function vocabularyOnce<T extends Record<string, string>>(held: unknown, spec: T | undefined, name: string, language: string, file: string): { [K in keyof T]: RegExp } | undefined {
  if (!spec) return undefined;
  if (held) throw new RuleError(`${file}: ${name} is declared twice for ${language}`);
  return Object.fromEntries(Object.entries(spec).map(([key, pattern]) => [key, regex(pattern, file)])) as { [K in keyof T]: RegExp };
}

export interface RuleSet {
  rules: CompiledRule[];
  languageTaint: Map<string, LanguageTaint>;
  version: string;
  /** Directories the set was loaded from (workers reload from them). */
  dirs: string[];
}

export class RuleError extends Error {}

function regex(source: string, where: string): RegExp {
  try {
    // A leading `(?i)` (as in most rule languages) makes the expression case-insensitive.
    if (source.startsWith('(?i)')) return new RegExp(source.slice(4), 'i');
    return new RegExp(source);
  } catch (error) {
    throw new RuleError(`${where}: invalid regular expression ${JSON.stringify(source)}: ${(error as Error).message}`);
  }
}

function compileSource(s: SourceSpec, where: string): CompiledSource {
  return {
    path: s.path ? regex(s.path, where) : undefined,
    paramAnnotation: s.paramAnnotation ? regex(s.paramAnnotation, where) : undefined,
    paramType: s.paramType ? regex(s.paramType, where) : undefined,
    handlerDecorator: s.handlerDecorator ? regex(s.handlerDecorator, where) : undefined,
    handlerCall: s.handlerCall ? regex(s.handlerCall, where) : undefined,
    handlerMethod: s.handlerMethod ? regex(s.handlerMethod, where) : undefined,
    handlerProperty: s.handlerProperty ? regex(s.handlerProperty, where) : undefined,
    params: s.params,
    inClass: s.inClass ? regex(s.inClass, where) : undefined,
    exceptMethods: s.exceptMethods ? regex(s.exceptMethods, where) : undefined,
    exceptParams: s.exceptParams ? regex(s.exceptParams, where) : undefined,
    exceptInDecorator: s.exceptInDecorator ? checkedTemplate(s.exceptInDecorator, where) : undefined,
    exceptTypes: s.exceptTypes ? regex(s.exceptTypes, where) : undefined,
    where: (s.where ?? []).map((c) => compileCondition(c, where)),
    exact: s.exact,
    stored: s.stored && { types: s.stored.types, writtenBy: s.stored.writtenBy === undefined ? undefined : modelTemplate(s.stored.writtenBy, where) },
    in: s.in,
    inListener: s.inListener ? regex(s.inListener, where) : undefined,
    exceptInClass: s.exceptInClass ? regex(s.exceptInClass, where) : undefined,
    clean: s.clean && {
      types: s.clean.types,
      ifProjectUses: s.clean.ifProjectUses ? regex(s.clean.ifProjectUses, where) : undefined,
      inRoute: s.clean.inRoute ? regex(s.clean.inRoute, where) : undefined,
      routerFile: s.clean.routerFile ? regex(s.clean.routerFile, where) : undefined,
      exceptInDecorator: s.clean.exceptInDecorator ? checkedTemplate(s.clean.exceptInDecorator, where) : undefined,
    },
    label: s.label,
  };
}

/** A regex with a `{name}` placeholder: checked now, compiled per parameter name later. */
function checkedTemplate(source: string, where: string): string {
  regex(source.replace(/\{name\}/g, 'x'), where);
  return source;
}

/** `writtenBy` of a stored source: one global regex for every write, `{model}` capturing the name written. */
function modelTemplate(source: string, where: string): { writes: RegExp; byModel: boolean } {
  const compiled = regex(source.replace(/\{model\}/g, '([A-Za-z_$][\\w$]*)'), where);
  const models = source.split('{model}').length - 1;
  // Every capture group is a `{model}`: a match's defined groups are the names it writes.
  const groups = new RegExp(`${compiled.source}|`).exec('')!.length - 1;
  if (models > 0 && groups !== models) throw new RuleError(`${where}: stored.writtenBy ${JSON.stringify(source)}: group with (?:…) what is not {model}`);
  return { writes: new RegExp(compiled.source, `${compiled.flags}g`), byModel: models > 0 };
}

function multiline(source: string, where: string): RegExp {
  regex(source, where);
  return new RegExp(source, 'm');
}

function compileCondition(c: ArgCondition, where: string): CompiledArgCondition {
  return {
    ...c,
    value: c.value ? regex(c.value, where) : undefined,
    path: c.path ? regex(c.path, where) : undefined,
    type: c.type ? regex(c.type, where) : undefined,
    init: c.init ? regex(c.init, where) : undefined,
    classText: c.classText ? multiline(c.classText, where) : undefined,
    classVia: c.classVia ? multiline(c.classVia, where) : undefined,
    classMembers: c.classMembers,
  };
}

function compileSink(s: SinkSpec, where: string): CompiledSink {
  return {
    callee: s.callee ? regex(s.callee, where) : undefined,
    assign: s.assign ? regex(s.assign, where) : undefined,
    node: s.node,
    precededBy: s.precededBy ? regex(s.precededBy, where) : undefined,
    returnFrom: s.returnFrom ? regex(s.returnFrom, where) : undefined,
    returnFromFunction: s.returnFromFunction ? regex(s.returnFromFunction, where) : undefined,
    returnedFields: s.returnedFields ? regex(s.returnedFields, where) : undefined,
    atReceiverDefinition: s.atReceiverDefinition,
    valueNode: s.valueNode ? regex(s.valueNode, where) : undefined,
    args: s.args,
    keywords: s.keywords,
    receiver: s.receiver,
    computedKey: s.computedKey,
    argFields: s.argFields,
    inObject: s.inObject,
    built: s.built,
    composed: s.composed,
    inFunction: s.inFunction ? regex(s.inFunction, where) : undefined,
    where: (s.where ?? []).map((c) => compileCondition(c, where)),
    unless: (s.unless ?? []).map((c) => compileCondition(c, where)),
    unlessFile: s.unlessFile ? multiline(s.unlessFile, where) : undefined,
    unlessProjectUses: s.unlessProjectUses ? regex(s.unlessProjectUses, where) : undefined,
    ifProjectUses: s.ifProjectUses ? { uses: regex(s.ifProjectUses.uses, where), manifests: regex(s.ifProjectUses.manifests, where) } : undefined,
    matches: s.matches ? regex(s.matches, where) : undefined,
    notInParent: s.notInParent ? regex(s.notInParent, where) : undefined,
    inside: s.inside ? regex(s.inside, where) : undefined,
    notInside: s.notInside ? regex(s.notInside, where) : undefined,
    notInsideCallers: s.notInsideCallers,
    inClass: s.inClass ? regex(s.inClass, where) : undefined,
    render: s.render,
  };
}

function compileSanitizer(s: SanitizerSpec, where: string, defaultTypes?: string[]): CompiledSanitizer {
  return {
    callee: s.callee ? regex(s.callee, where) : undefined,
    guard: s.guard ? regex(s.guard, where) : undefined,
    node: s.node,
    prefix: s.prefix ? regex(s.prefix, where) : undefined,
    types: s.types ?? defaultTypes,
    where: (s.where ?? []).map((c) => compileCondition(c, where)),
    receiver: !!s.receiver,
    vetsArguments: s.vetsArguments,
    cleansArguments: s.cleansArguments,
    readsRecords: s.readsRecords,
    denies: s.denies,
  };
}

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Secret rules have their own format and loader (engine/secrets).
      if (entry.name === 'secrets') continue;
      // A directory named like a model file beside it (`frameworks/express/` beside `express.yaml`) is that
      // model's test app: its YAML is the app's own (Compose files, Spring settings), not rules.
      if (['.yaml', '.yml'].some((ext) => statSync(`${full}${ext}`, { throwIfNoEntry: false })?.isFile())) continue;
      out.push(...yamlFiles(full));
    } else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Loads the built-in rules plus any extra directories (`--rules DIR`). */
/** The rule files of the built-in rules plus `extraDirs`, read, and the rule-set version they make. */
function readRuleFiles(extraDirs: string[]): { files: { file: string; text: string }[]; version: string } {
  const dirs = [BUILTIN_RULES_DIR, ...extraDirs.map((d) => path.resolve(d))];
  const hash = createHash('sha256').update(secretRulesVersion()); // secrets are part of every file's result
  const files: { file: string; text: string }[] = [];
  for (const dir of dirs) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
      throw new RuleError(`rules directory not found: ${dir}`);
    }
    for (const file of yamlFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      hash.update(file.slice(dir.length)).update('\0').update(text).update('\0');
      files.push({ file, text });
    }
  }
  return { files, version: hash.digest('hex').slice(0, 16) };
}

export function loadRuleSet(extraDirs: string[] = []): RuleSet {
  const { files, version } = readRuleFiles(extraDirs);
  const rules: CompiledRule[] = [];
  const languageTaint = new Map<string, LanguageTaint>();
  const seen = new Set<string>();
  /** Framework files' sinks and rule sources, added to their rules once every rule is loaded (files load in path order). */
  const frameworkParts: { ruleId: string; sinks: SinkSpec[]; sources: SourceSpec[]; languages: string[]; file: string }[] = [];

  for (const { file, text } of files) {
    const data = validatedRuleData(text, (yaml) => ruleValidation().validateRuleFile(file, yaml));
    if (data.kind === 'language') {
      const lt = data.file;
      const languages = Array.isArray(lt.language) ? lt.language : [lt.language];
      for (const ruleId of new Set([...Object.keys(lt.sinks), ...Object.keys(lt.ruleSources)])) {
        frameworkParts.push({ ruleId, sinks: lt.sinks[ruleId] ?? [], sources: lt.ruleSources[ruleId] ?? [], languages, file });
      }
      for (const language of languages) {
        const entry = languageTaint.get(language) ?? {
          sources: [],
          sanitizers: [],
          requestTypes: [],
          hintParameters: [],
          privileged: { decorator: [], registration: [], check: [], base: [] },
        };
        entry.sources.push(...lt.sources.map((s) => compileSource(s, file)));
        entry.sanitizers.push(...lt.sanitizers.map((s) => compileSanitizer(s, file)));
        entry.requestTypes.push(...lt.requestTypes.map((r) => ({ type: regex(r.type, file), alias: r.alias })));
        if (lt.fileHint) (entry.fileHints ??= []).push(regex(lt.fileHint, file));
        if (lt.storedHint) (entry.storedHints ??= []).push(regex(lt.storedHint, file));
        entry.hintParameters.push(...lt.hintParameters);
        for (const key of ['decorator', 'registration', 'check', 'base'] as const) {
          const pattern = lt.privileged?.[key];
          if (pattern) entry.privileged[key].push(regex(pattern, file));
        }
        entry.forgeryProtected = vocabularyOnce(entry.forgeryProtected, lt.forgeryProtected, 'forgeryProtected', language, file) ?? entry.forgeryProtected;
        entry.constraintValidation = vocabularyOnce(entry.constraintValidation, lt.constraintValidation, 'constraintValidation', language, file) ?? entry.constraintValidation;
        entry.errorsQuoteInput = vocabularyOnce(entry.errorsQuoteInput, lt.errorsQuoteInput, 'errorsQuoteInput', language, file) ?? entry.errorsQuoteInput;
        languageTaint.set(language, entry);
      }
      continue;
    }
    for (const spec of data.file.rules) {
      if (seen.has(spec.id)) throw new RuleError(`${file}: duplicate rule id ${spec.id}`);
      seen.add(spec.id);
      const where = `${file} (${spec.id})`;
      const rule: CompiledRule = {
        spec,
        id: spec.id,
        type: spec.type,
        cwe: Array.isArray(spec.cwe) ? spec.cwe : [spec.cwe],
        languages: spec.languages,
        file,
      };
      if (spec.taint) {
        rule.taint = {
          sources: (spec.taint.sources ?? []).map((s) => compileSource(s, where)),
          onlyTheseSources: spec.taint.onlyTheseSources ?? false,
          fileHint: spec.taint.fileHint === undefined ? undefined : regex(spec.taint.fileHint, where),
          sinks: spec.taint.sinks.map((s) => compileSink(s, where)),
          // A rule's own sanitizers clean only for its own type unless they say otherwise.
          sanitizers: (spec.taint.sanitizers ?? []).map((s) => compileSanitizer(s, where, [spec.type])),
          direct: spec.taint.direct ?? false,
          cleanedBy: spec.taint.cleanedBy ?? [],
          reportAtSource: spec.taint.reportAtSource ?? false,
        };
      }
      if (spec.regex) regex(spec.regex.pattern, where);
      rules.push(rule);
    }
  }
  for (const { ruleId, sinks, sources, languages, file } of frameworkParts) {
    const rule = rules.find((r) => r.id === ruleId);
    if (!rule?.taint) throw new RuleError(`${file}: sinks or sources for ${ruleId}, which is not a taint rule`);
    if (!languages.some((l) => rule.languages.includes(l))) throw new RuleError(`${file}: sinks or sources for ${ruleId}, a rule of another language`);
    rule.taint.sinks.push(...sinks.map((s) => compileSink(s, `${file} (${ruleId})`)));
    rule.taint.sources.push(...sources.map((s) => compileSource(s, `${file} (${ruleId})`)));
  }
  return { rules, languageTaint, version, dirs: extraDirs };
}
