// Finds hard-coded secrets in the text of one file, whatever its language or
// format. Provider patterns run over the whole text behind a keyword
// prefilter; the generic rule reads name/value pairs on the lines that hold one
// of its keywords. Every reported value is masked: the secret itself never
// leaves this module, only a hash of it (for the fingerprint).
import { createHash } from 'node:crypto';
import type { Finding } from '../types.ts';
import { builtinSecretRules, type CompiledAssignmentRule, type CompiledPatternRule, type CompiledSecretRule, type SecretRuleSet } from './rules.ts';
import { entropyThreshold, insideInertBlob, isPlaceholder, notASecretReason, shannonEntropy } from './values.ts';
import { hasEnvironmentSections, inLocalEnvironmentSection, isCiPipeline, isComposeFile, secretFileKinds, type SecretFileKind } from './file-kinds.ts';
import { pairsAt } from './pairs.ts';
import { contextOf } from './context.ts';
import { CONNECTION_HOST, isLocalDefault, repeatsUserName } from './local-defaults.ts';
import { isPublishedValue } from './published.ts';
import { isLocalDatabaseBootstrap } from './compose.ts';
import { insideEmbeddedDocumentation } from './embedded-docs.ts';
import { handedToLoopbackClient } from './endpoint.ts';
import { isExpiredJwt } from './expiry.ts';

import { SECRET_TYPE } from './type.ts';

export { SECRET_TYPE };
const SECRET_CWE = [798];
const DEFAULT_REMEDIATION =
  'Revoke or rotate this credential at its provider now (it stays in the git history even after the line is deleted), ' +
  'then load it at run time from the environment or a secret manager instead of the source.';
const DEFAULT_REFERENCES = ['https://cwe.mitre.org/data/definitions/798.html'];

/** A secret found in a text, before it becomes a finding. Offsets are into the text. */
interface SecretMatch {
  rule: CompiledPatternRule | CompiledAssignmentRule;
  start: number;
  end: number;
  secret: string;
  /** The provider's key is public by design where it stands (`allowContext`): not reported, and hides the text from the generic rule. */
  isPublic?: boolean;
}

/** A finding together with the hash of its secret value (never the value). */
export interface SecretHit {
  finding: Finding;
  /** sha256 of the secret value: compares secrets across files and commits without keeping them. */
  secretHash: string;
}

export interface FindSecretsOptions {
  rules?: SecretRuleSet;
}

/** Every hard-coded secret in `text` (the content of `file`, a root-relative posix path). */
export function findSecrets(file: string, text: string, options: FindSecretsOptions = {}): Finding[] {
  return scanTextForSecrets(file, text, options).map((hit) => hit.finding);
}

export function scanTextForSecrets(file: string, text: string, options: FindSecretsOptions = {}): SecretHit[] {
  const ruleSet = options.rules ?? builtinSecretRules();
  // Lines holding a keyword, each with the rules whose keywords occur on it.
  const hitLines: { line: number; rules: Set<CompiledSecretRule> }[] = [];
  let lines: LineIndex | undefined;
  ruleSet.keywordFinder.scan(text, (keyword, start) => {
    lines ??= new LineIndex(text);
    // Occurrences come in order of their ends; one that starts before an earlier one contains
    // it, so lies on the same line (keywords hold no line break): a line's are consecutive.
    const line = lines.lineOf(start);
    let current = hitLines[hitLines.length - 1];
    if (current?.line !== line) hitLines.push((current = { line, rules: new Set() }));
    for (const rule of ruleSet.rulesByKeyword[keyword]!) current.rules.add(rule);
  });
  if (!lines) return [];
  const kinds = secretFileKinds(file);
  const format = valueFormatOf(file);
  const compose = isComposeFile(file);
  // A host of one label is a service the same file starts: a Compose service, or a CI job's service container.
  const serviceHosts = compose || isCiPipeline(file);
  const environmentSections = hasEnvironmentSections(file);
  const unquoted = new Map<CompiledAssignmentRule, boolean>();
  const matches: SecretMatch[] = [];
  for (const { line: lineNumber, rules } of hitLines) {
    let localSection: boolean | undefined;
    for (const rule of ruleSet.rules) {
      if (!rules.has(rule) || silentIn(rule, kinds)) continue;
      // The development or test block of a per-environment config file is local configuration as a whole file is.
      if (environmentSections && rule.notIn.has('local-config') && (localSection ??= inLocalEnvironmentSection(lines, lineNumber))) continue;
      if (rule.kind === 'pattern') {
        matchPatternRule(rule, text, lines, lineNumber, serviceHosts, matches);
      } else {
        let allowed = unquoted.get(rule);
        if (allowed === undefined) unquoted.set(rule, (allowed = allowsUnquotedValues(rule, file)));
        matchAssignmentRule(rule, lines, lineNumber, allowed, format, compose, matches);
      }
    }
  }
  return toHits(file, lines, dropOverlaps(matches).filter((m) => !m.isPublic));
}

function silentIn(rule: CompiledSecretRule, kinds: Set<SecretFileKind>): boolean {
  for (const kind of kinds) if (rule.notIn.has(kind)) return true;
  return false;
}

/** How a file's language writes values, as far as telling a literal from a built string goes. */
interface ValueFormat {
  /** Double-quoted strings interpolate `$name` (shell, PHP, Perl, Kotlin, Groovy, Dart). */
  dollarInterpolates: boolean;
  /** An unquoted value runs to the end of the line (YAML, properties, INI, TOML): words after it make it prose. */
  valueRunsToLineEnd: boolean;
  /** Declarations write the type after the name, with no separator between (Go `Name Type = value`). */
  typeAfterName: boolean;
  /** Declarations annotate the name with a type after a colon (`apiKey: string = …`, `SECRET_KEY: str = …`). */
  typeAnnotations: boolean;
  /** A template whose `@name`, `@(…)` open an expression (Razor, Blade): `data-token="@string.Join(".", t)"`. */
  atExpressions: boolean;
  /** TypeScript: `type X = …` and `Name<"…">` hold types, whose string literals are no values. */
  literalTypes: boolean;
  /** YAML: a plain key's `:` is followed by a space or the line's end; `Key:*:backward` is one scalar. */
  yamlMappings: boolean;
  /** A dot joins strings (PHP, Perl): `'min:'.config('x').'|confirmed'` builds its value. */
  dotConcatenates: boolean;
}

function valueFormatOf(file: string): ValueFormat {
  const base = file.slice(file.lastIndexOf('/') + 1).toLowerCase();
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.')) : base;
  return {
    dollarInterpolates: ['.sh', '.bash', '.zsh', '.ksh', '.php', '.pl', '.pm', '.kt', '.kts', '.groovy', '.gradle', '.dart', 'dockerfile', 'makefile'].includes(ext),
    valueRunsToLineEnd: ['.yaml', '.yml', '.properties', '.ini', '.cfg', '.conf', '.toml', '.service'].includes(ext),
    typeAfterName: ext === '.go',
    typeAnnotations: ['.ts', '.tsx', '.mts', '.cts', '.py', '.pyi', '.kt', '.kts', '.rs', '.swift', '.scala'].includes(ext),
    atExpressions: ['.cshtml', '.razor', '.vbhtml'].includes(ext) || base.endsWith('.blade.php'),
    literalTypes: ['.ts', '.tsx', '.mts', '.cts'].includes(ext),
    yamlMappings: ['.yaml', '.yml'].includes(ext),
    dotConcatenates: ['.php', '.pl', '.pm'].includes(ext),
  };
}

/** How far past its keyword's line a multi-line pattern may reach. */
const MULTILINE_WINDOW = 20_000;

function matchPatternRule(rule: CompiledPatternRule, text: string, lines: LineIndex, lineNumber: number, serviceHosts: boolean, out: SecretMatch[]): void {
  const { regex, spec } = rule;
  const lineStart = lines.startOf(lineNumber);
  const lineEnd = lines.endOf(lineNumber);
  const windowEnd = spec.multiline ? Math.min(text.length, lineStart + MULTILINE_WINDOW) : lineEnd;
  const window = text.slice(lineStart, windowEnd);
  const line = spec.multiline ? text.slice(lineStart, lineEnd) : window;
  if (rule.allowLine.some((re) => re.test(line))) return;
  regex.lastIndex = 0;
  for (let m = regex.exec(window); m; m = regex.exec(window)) {
    if (m[0].length === 0) {
      regex.lastIndex++;
      continue;
    }
    let from: number;
    let to: number;
    let secret: string;
    if (m.groups?.secret !== undefined) {
      [from, to] = m.indices!.groups!.secret!;
      secret = m.groups.secret;
    } else {
      let group = 0;
      for (let g = 1; g < m.length; g++) {
        if (m[g] !== undefined) {
          group = g;
          break;
        }
      }
      [from, to] = m.indices![group];
      secret = m[group];
    }
    if (lineStart + from >= lineEnd + 1) break; // starts on a later line: that line's own pass reports it
    if (isPublishedValue(secret)) {
      // An emulator's fixed key, a documentation example: public, and hidden from the other rules too.
      out.push({ rule, start: lineStart + from, end: lineStart + to, secret, isPublic: true });
      continue;
    }
    if (spec.skipLocalDefaults && isLocalDefault(m.groups, secret, line, serviceHosts)) continue;
    if (spec.skipExpiredTokens && isExpiredJwt(secret)) {
      // Its own payload says the signer refuses it now: hidden from the other rules as well.
      out.push({ rule, start: lineStart + from, end: lineStart + to, secret, isPublic: true });
      continue;
    }
    if (secret.length < spec.minLength) continue;
    if (shannonEntropy(secret) < entropyThreshold(spec.entropy, secret.length)) continue;
    if (rule.allow.some((re) => re.test(secret))) continue;
    if (spec.checkPlaceholders && isPlaceholder(secret)) continue;
    if (insideInertBlob(line, from)) continue;
    if (rule.notIn.has('documentation') && insideEmbeddedDocumentation(lines, lineNumber)) continue;
    // Kept, marked, so that no later rule reports the same text as a secret of another kind.
    const isPublic = rule.allowContext.length > 0 && publicInContext(rule, lines, lineNumber);
    out.push({ rule, start: lineStart + from, end: lineStart + to, secret, isPublic });
  }
}


// A name, optionally quoted, then an assignment or key/value separator.
// Comparisons (`==`, `===`), arrows of lambdas without a name and URL schemes (`https://`) are not separators.
const NAME_THEN_SEPARATOR = /(?<![\w$.@-])(["'`]?)(:?(?:--?)?[A-Za-z_$@][\w$.@-]*)\1\s*(?::=|=>|\|\|=|\?\?=|=(?![=~])|:(?![:/=]))\s*/g;
/** The start of a Go declaration up to its type: `const Name `, `var name []`, `\tName *` in a block. */
const GO_TYPED_NAME = /^\s*(?:(?:var|const)\s+)?(?!(?:var|const|return|type|func|if|else|for|range|switch|case|go|defer)\b)([A-Za-z_]\w*)\s+(?:\[\d*\]|\*|map\[[^\]]*\])*$/;
/** A name and the start of its type annotation, up to the type's last word: `apiKey: `, `API_KEY: &`, `token?: Array<`. */
const ANNOTATED_NAME = /(?<![\w$.@-])([A-Za-z_$][\w$]*)\??\s*:\s*(?:&(?:'\w+\s+)?(?:mut\s+)?|[\w$.<>[\]?|, ]*[<[|,]\s*|[\w$]+\.)?$/;
/** What stands before a module specifier: `import(`, `require(`, `require.resolve(`, `require_relative `, `from `, a bare `import `. */
const MODULE_SPECIFIER_BEFORE = /(?:(?<![\w$.])(?:import|importScripts)\s*\(|(?<![\w$])require(?:\.resolve)?\s*\(?|(?<![\w$])(?:require_relative|load|autoload\s*\(?\s*:\w+\s*,)|(?<![\w$.])from|^\s*import|^\s*export\s[^=]*\bfrom)\s*$/;
/** `type Name<T> = `, `export declare type ` up to the alias's name (TypeScript). */
const TYPE_ALIAS_BEFORE = /(?:^|[;{}]\s*)(?:export\s+)?(?:declare\s+)?type\s+$/;
/** An open type argument list up to a literal: `Name<`, `Name<'a' | `, `Map<string, ` (no call, comparison or assignment between). */
const TYPE_ARGUMENT_BEFORE = /[\w$.\]]\s*<(?:[^<>()=;]*[|,&])?\s*$/;
/** An XML namespace prefix just before an attribute's local name, at the start of the attribute (`x:`, `android:`). */
const XML_NAMESPACE_BEFORE = /(?:^|\s)[A-Za-z_][\w.-]*:$/;
const FLAG_THEN_VALUE = /(?<![\w-])--([A-Za-z][\w-]*)(?:=|["']?\s*,\s*|\s+)/g;
const XML_ELEMENT = /<([A-Za-z_][\w.-]*)>([^<\s]{1,400})<\/\1>/g;
/** The element a property list's `<key>` is followed by: its entry's value. */
const PLIST_VALUE_ELEMENT = /^\s*(?:<!--[^]*?-->\s*)*<(?:string|integer|real|true|false|date|data|array|dict)\s*\/?>/;
const XML_KEY_VALUE = /\b(?:key|name)\s*=\s*"([^"]+)"[^>]*?\bvalue\s*=\s*"([^"]*)"/g;
/** After `key=` of an XML element: its quoted text, then a `value` attribute of the same element. */
const KEY_THEN_VALUE_ATTRIBUTE = /^\s*"[^"]*"[^<>]*?\svalue\s*=/;
const QUOTED = /(?:(["'])((?:\\.|(?!\1)[^\\\n])*)\1)|(?:`([^`\n]*)`)/g;
// An Authorization header value: the credential is what follows the scheme.
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|token|Bot)\s+(?=[A-Za-z0-9._~+/=-]{16,}$)/;

interface Candidate {
  name: string;
  value: string;
  /** Offset of the value in the line. */
  at: number;
}

function matchAssignmentRule(rule: CompiledAssignmentRule, lines: LineIndex, lineNumber: number, unquoted: boolean, format: ValueFormat, compose: boolean, out: SecretMatch[]): void {
  const line = lines.lineText(lineNumber);
  if (line.length > 4000) return; // minified code or data: not where people type passwords
  if (rule.allowLine.some((re) => re.test(line))) return;
  const wanted = (name: string) => isSecretName(rule, name);
  const next = lineNumber + 1 < lines.count ? lines.lineText(lineNumber + 1) : '';
  for (const candidate of candidatesOnLine(line, unquoted, format, wanted, next)) judgeCandidate(rule, candidate, lines, lineNumber, format, compose, out);
  // A name field whose value is a separate field of the same entry (Kubernetes `env`, ECS, compose lists).
  for (const pair of pairsAt(lines, lineNumber, unquoted, wanted)) judgeCandidate(rule, pair, lines, pair.line, format, compose, out);
}

function judgeCandidate(rule: CompiledAssignmentRule, candidate: Candidate, lines: LineIndex, lineNumber: number, format: ValueFormat, compose: boolean, out: SecretMatch[]): void {
  const line = lines.lineText(lineNumber);
  const lineStart = lines.startOf(lineNumber);
  let { value, at } = candidate;
  const scheme = AUTH_SCHEME.exec(value);
  if (scheme) {
    value = value.slice(scheme[0].length);
    at += scheme[0].length;
  }
  if (value.length < rule.spec.minLength || value.length > rule.spec.maxLength) return;
  if (isPublishedValue(value)) return;
  if (scheme?.[0].startsWith('Basic') && basicCredentialIsPlaceholder(value)) return;
  const password = isPasswordName(rule, candidate.name);
  if (notASecretReason(value, { chosenByPeople: password, atExpressions: format.atExpressions }) !== null) return;
  // "Ed25519Key" => "toot:Ed25519Key", "publicKeyPem" => "sec:publicKeyPem": the name itself, qualified.
  if (qualifiesItsName(candidate.name, value)) return;
  // `…;Server=localhost;Password=…` read as a name and its value: the connection string's own judgement holds.
  if (password && CONNECTION_HOST.test(line) && isLocalDefault(undefined, value, line, compose)) return;
  // { username: 'admin123', password: 'admin123' }: a default account's login, guessed before it is read.
  if (password && repeatsUserName(lines, lineNumber, value)) return;
  // POSTGRES_PASSWORD of the postgres service a Compose file starts and keeps on the machine.
  if (password && compose && isLocalDatabaseBootstrap(lines, lineNumber, candidate.name)) return;
  if (shannonEntropy(value) < entropyThreshold(rule.spec.entropy, value.length)) return;
  if (rule.allow.some((re) => re.test(value))) return;
  if (insideInertBlob(line, at)) return;
  if (isUnsignedData(rule, value)) return;
  if (rule.notIn.has('documentation') && insideEmbeddedDocumentation(lines, lineNumber)) return;
  // init({ secretKey: '…', url: 'http://localhost:59318' }): the credential of a service on the machine itself.
  if (handedToLoopbackClient(lines, lineNumber, at)) return;
  if (rule.allowContext.length > 0 && publicInContext(rule, lines, lineNumber)) return;
  out.push({ rule, start: lineStart + at, end: lineStart + at + value.length, secret: value });
}

/**
 * Whether `value` is the name it stands under with a prefix before it: a JSON-LD context's term
 * and its compact IRI (`"Ed25519Key" => "toot:Ed25519Key"`), a setting and its dotted path
 * (`apiToken: 'auth.apiToken'`), a vocabulary URL (`…/security#signingKey`).
 */
function qualifiesItsName(name: string, value: string): boolean {
  const bare = name.replace(/^[:$@-]+/, '');
  if (bare.length < 3 || !value.endsWith(bare) || value.length === bare.length) return false;
  const prefix = value.slice(0, value.length - bare.length);
  return /^(?:[A-Za-z][\w-]*[:.#/])+$/.test(prefix) || /^https?:\/\/[\w.-]+(?:\/[\w.~-]*)*[#/]$/.test(prefix);
}

/**
 * Base64 of a JSON document without a signature (`eyJhIjoi…`, `ewogICJ1Ijog…`; a JWT has dots and
 * its own rule): data written in an encoding, such as an embed's settings. It is a secret only when
 * it carries one, under a field a credential's name would have.
 */
function isUnsignedData(rule: CompiledAssignmentRule, value: string): boolean {
  if (!/^(?:ey|ew|W3|Wy)[A-Za-z0-9+/_-]{14,}={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(decoded);
  } catch {
    return false;
  }
  if (typeof data !== 'object' || data === null) return false;
  const credentialFields: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      for (const [field, inner] of Object.entries(node)) {
        if (typeof inner === 'string' && isSecretName(rule, field)) credentialFields.push(field);
        else visit(inner);
      }
    }
  };
  visit(data);
  return credentialFields.length === 0;
}

/** Whether the value on `lineNumber` is public by design, as the rule's `allowContext` reads its context. */
function publicInContext(rule: CompiledSecretRule, lines: LineIndex, lineNumber: number): boolean {
  const context = contextOf(lines, lineNumber);
  return rule.allowContext.some((re) => re.test(context));
}


/**
 * A Basic credential is `user:password` in base64: judged by its password once decoded
 * (`dXNlcm5hbWU6cGFzc3dvcmQ=` is `username:password`, a placeholder).
 */
function basicCredentialIsPlaceholder(encoded: string): boolean {
  const decoded = Buffer.from(encoded, 'base64').toString('latin1');
  const colon = decoded.indexOf(':');
  if (colon < 0 || !/^[\x20-\x7e]*\n?$/.test(decoded)) return false;
  const password = decoded.slice(colon + 1).trim();
  return password.length === 0 || notASecretReason(password, { chosenByPeople: true }) !== null;
}

function allowsUnquotedValues(rule: CompiledAssignmentRule, file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1).toLowerCase();
  if (rule.unquotedIn.has(base)) return true;
  if (base.startsWith('.env') || base.endsWith('.env')) return rule.unquotedIn.has('.env');
  const dot = base.lastIndexOf('.');
  return dot >= 0 && rule.unquotedIn.has(base.slice(dot));
}

/** `line` is read with the line after it (`next`): an element's meaning can depend on the one that follows. */
function candidatesOnLine(line: string, unquoted: boolean, format: ValueFormat, wanted: (name: string) => boolean, next = ''): Candidate[] {
  const candidates: Candidate[] = [];
  const names: { name: string; end: number; start: number; notAValue?: boolean }[] = [];
  const literals: [number, number][] = [];
  QUOTED.lastIndex = 0;
  for (let q = QUOTED.exec(line); q; q = QUOTED.exec(line)) literals.push([q.index, q.index + q[0].length]);
  // `a=b` inside a string literal is part of a value, not a name (a quoted name starts its literal).
  NAME_THEN_SEPARATOR.lastIndex = 0;
  for (let m = NAME_THEN_SEPARATOR.exec(line); m; m = NAME_THEN_SEPARATOR.exec(line)) {
    if (insideAny(literals, m.index)) continue;
    // Vue and Alpine bindings (`:key="expr"`, `v-bind:key`) hold an expression; Ruby's `:password =>` a value.
    if (m[2].startsWith(':') && /=\s*$/.test(m[0]) && !/=>\s*$/.test(m[0])) continue;
    // '*:backward': Key:*:backward — in YAML a plain name's colon needs a space after it: one scalar, no mapping.
    if (format.yamlMappings && m[1] === '' && m[0].endsWith(':') && m.index + m[0].length < line.length) continue;
    // user:pass@host:5432 — the user and host of a URL, not a name and its value.
    if (/:\/\/\S*$/.test(line.slice(0, m.index))) continue;
    // Go `FilesS3AccessKey Key = "…"`, `var jwtKey []byte = …`: the name is before the type.
    const assigns = m[0].trimEnd().endsWith('=');
    const declared = !assigns
      ? null
      : format.typeAfterName
        ? GO_TYPED_NAME.exec(line.slice(0, m.index))
        : format.typeAnnotations
          ? ANNOTATED_NAME.exec(line.slice(Math.max(0, m.index - 160), m.index)) // a bounded look back: linear on long lines
          : null;
    // type SignInRequest_SSOCredentials = Message<"…">: the alias names a type, its right side is one.
    const typeAlias = format.literalTypes && TYPE_ALIAS_BEFORE.test(line.slice(0, m.index));
    // <Color x:Key="iOSDefaultTintColor">, android:key="pref_sync": a namespaced key attribute is the element's identifier.
    // <add key="Auth.Provider.ClientId" value="…"/>: the key attribute of an entry with a value attribute names the entry (XML_KEY_VALUE reads the pair).
    const keyAttribute = /^key$/i.test(m[2]) && /^=\s*$/.test(m[0].slice(m[2].length).trimStart());
    const identifier = keyAttribute && (XML_NAMESPACE_BEFORE.test(line.slice(0, m.index)) || KEY_THEN_VALUE_ATTRIBUTE.test(line.slice(m.index + m[0].length)));
    names.push({ name: declared ? declared[1] : m[2], start: m.index, end: m.index + m[0].length, notAValue: typeAlias || identifier });
  }
  FLAG_THEN_VALUE.lastIndex = 0;
  for (let m = FLAG_THEN_VALUE.exec(line); m; m = FLAG_THEN_VALUE.exec(line)) {
    names.push({ name: m[1], start: m.index, end: m.index + m[0].length });
  }
  names.sort((a, b) => a.start - b.start);
  for (let i = 0; i < names.length; i++) {
    const { name, end, notAValue } = names[i];
    if (notAValue || !wanted(name)) continue;
    let next = line.length;
    for (let j = i + 1; j < names.length; j++) {
      if (names[j].start >= end) {
        next = names[j].start;
        break;
      }
    }
    const rest = line.slice(end, next);
    let quotedFound = false;
    QUOTED.lastIndex = 0;
    for (let q = QUOTED.exec(rest); q; q = QUOTED.exec(rest)) {
      quotedFound = true;
      const value = q[2] ?? q[3] ?? '';
      const absolute = end + q.index;
      // config["Jwt:Key"], ENV['X']: a look-up key, not a value
      if (line[absolute - 1] === '[' && line[absolute + q[0].length] === ']') continue;
      // x = a === "literal" ? …: compared with, not assigned
      if (/===?|!==?|\?\s*$/.test(rest.slice(0, q.index))) continue;
      // x = "AUTH=PLAIN" in capabilities, x = "literal" == y: an operand of a test, not the value
      if (/^\s*(?:[=!]==?|<>|in\b|not\s+in\b)/.test(rest.slice(q.index + q[0].length))) continue;
      // import("@/pages/AuthCallback"), require('./token'), from 'x': a module specifier names code to load
      if (MODULE_SPECIFIER_BEFORE.test(line.slice(0, absolute))) continue;
      // Message<"api.v1.Credentials">, Record<'authToken' | …, string>: a string literal type in a type argument
      if (format.literalTypes && TYPE_ARGUMENT_BEFORE.test(line.slice(Math.max(0, absolute - 200), absolute))) continue;
      // 'prefix_' + id: a piece of a string being built, not a credential
      if (/^\s*\+/.test(rest.slice(q.index + q[0].length)) || /\+\s*$/.test(rest.slice(0, q.index))) continue;
      // 'min:' . config('x') . '|confirmed': the same where a dot joins strings (PHP, Perl)
      if (format.dotConcatenates && (/^\s*\.(?![\d.])/.test(rest.slice(q.index + q[0].length)) || /(?<!\.)\.\s*$/.test(rest.slice(0, q.index)))) continue;
      // "…$name…" in a language whose double-quoted strings interpolate: built at run time
      if (format.dollarInterpolates && q[1] !== "'" && /\$[A-Za-z_{]/.test(value)) continue;
      // strings.TrimPrefix(key, "APP_"), sprintf('%s_id', $dir), $(tr -dc 'a-z'): an operand of a computation
      if (operandOfComputation(line.slice(end), q.index)) continue;
      candidates.push({ name, value, at: absolute + 1 });
    }
    if (!quotedFound && unquoted) {
      const bare = /^[^\s'"`]+/.exec(rest);
      if (bare && !unquotedValueIsText(rest, format)) candidates.push({ name, value: bare[0].replace(/[,;]+$/, ''), at: end });
    }
  }
  XML_ELEMENT.lastIndex = 0;
  for (let m = XML_ELEMENT.exec(line); m; m = XML_ELEMENT.exec(line)) {
    if (!wanted(m[1])) continue;
    // <key>UISupportedInterfaceOrientations~ipad</key> then <array>: a property list's key names its entry
    if (m[1] === 'key' && PLIST_VALUE_ELEMENT.test(`${line.slice(m.index + m[0].length)}\n${next}`)) continue;
    candidates.push({ name: m[1], value: m[2], at: m.index + m[1].length + 2 });
  }
  XML_KEY_VALUE.lastIndex = 0;
  for (let m = XML_KEY_VALUE.exec(line); m; m = XML_KEY_VALUE.exec(line)) {
    if (wanted(m[1]) && !isPasswordInput(line, m.index)) candidates.push({ name: m[1], value: m[2], at: m.index + m[0].length - m[2].length - 1 });
  }
  return candidates;
}

/**
 * Whether the attribute at `at` belongs to an HTML `<input type="password">`: its `value` is what
 * the page fills in for every visitor who opens it (a demo's seeded login), public by
 * construction. A hidden input or a script carrying a key is not this.
 */
function isPasswordInput(line: string, at: number): boolean {
  const open = line.lastIndexOf('<', at);
  if (open < 0) return false;
  const close = line.indexOf('>', at);
  const tag = line.slice(open, close < 0 ? line.length : close);
  return /^<input\b/i.test(tag) && /\stype\s*=\s*["']?password["'\s/>]/i.test(`${tag}>`);
}

/** Calls whose literal arguments are a variable's name and the value used when it is unset. */
const ENVIRONMENT_LOOKUP = /(?:^|[^\w$])(?:env|getenv|getEnv|get_env|Getenv|LookupEnv|GetEnvironmentVariable|env_var|environ\.get|environ\.setdefault|ENV\.fetch|ENV\.get|env::var)$/;
/** Words before a parenthesis that group an expression rather than call a function. */
const NOT_A_CALLEE = /(?:^|[^\w$.])(?:if|elif|while|for|return|and|or|not|in|switch|case|when|await|yield|typeof|sizeof|match)$/;
const STRING_PREFIX = /(?<![\w$])(?:[bBrRuU]|[bB][rR]|[rR][bB])(?=["'])/g;
const LITERAL_WORDS = /^(?:true|false|null|nil|None|undefined|True|False|NULL|new|this|self)$/;

/**
 * Whether the literal at `at` in `rhs` (the text after a name's separator) is an argument of a
 * call that computes the value from run-time data, rather than the value itself: a call with
 * another argument that is not a literal (`strings.TrimPrefix(key, "APP_")`, `sprintf('%s_id',
 * $dir)`, `jwt.decode(token, "…")`), a GitHub expression (`${{ hashFiles('**') }}`) or a shell
 * command substitution (`$(tr -dc 'a-z')`). A call of literals only converts its literal
 * (`[]byte("…")`, `Encoding.UTF8.GetBytes("…")`, `Buffer.from("…", "ascii")`), and an
 * environment look-up's second literal is the value used when the variable is unset
 * (`env('APP_KEY', '…')`, `os.getenv(name, "…")`): both stay values.
 */
function operandOfComputation(rhs: string, at: number): boolean {
  const before = rhs.slice(0, at);
  const expression = before.lastIndexOf('${{');
  if (expression >= 0 && !before.includes('}}', expression)) return true;
  // The innermost parenthesis still open at the literal, skipping other literals.
  const open: number[] = [];
  const literalEnds = new Map<number, number>();
  // Its own regex: the caller is iterating QUOTED over the same text.
  for (const q of rhs.matchAll(new RegExp(QUOTED.source, 'g'))) literalEnds.set(q.index, q.index + q[0].length);
  for (let i = 0; i < at; i++) {
    const skipTo = literalEnds.get(i);
    if (skipTo !== undefined) {
      i = skipTo - 1;
      continue;
    }
    if (rhs[i] === '(') open.push(i);
    else if (rhs[i] === ')') open.pop();
  }
  const paren = open.pop();
  if (paren === undefined) return false;
  const head = rhs.slice(0, paren).trimEnd();
  if (head.endsWith('$')) return true; // $(command)
  const callee = /[\w$.:\]\[>]*[\w$\]]$/.exec(head)?.[0];
  if (!callee || NOT_A_CALLEE.test(head)) return false;
  if (ENVIRONMENT_LOOKUP.test(callee)) return false;
  // The call's arguments, up to its closing parenthesis (or the end of the line).
  let depth = 0;
  let close = rhs.length;
  for (let i = paren; i < rhs.length; i++) {
    const skipTo = literalEnds.get(i);
    if (skipTo !== undefined) {
      i = skipTo - 1;
      continue;
    }
    if (rhs[i] === '(') depth++;
    else if (rhs[i] === ')' && --depth === 0) {
      close = i;
      break;
    }
  }
  const args = rhs
    .slice(paren + 1, close)
    .replace(STRING_PREFIX, '')
    .replace(new RegExp(QUOTED.source, 'g'), '""')
    .replace(/[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*\s*(?=\()/g, '') // call heads: GetBytes(, "x".getBytes(
    .replace(/\.\s*[A-Za-z_$][\w$]*/g, ''); // members of a literal: "…".length
  const words = args.match(/[A-Za-z_$][\w$]*/g) ?? [];
  return words.some((word) => !LITERAL_WORDS.test(word));
}

/**
 * An unquoted value that is not one literal: a YAML alias or anchor (`*uv-cache`), or, where a
 * value runs to the end of the line, words or a template (`<div>Updated. See the new token…`,
 * `ffmpeg-${{ env.VERSION }}-win64`, `Mostrar\ Passe\ De\ API`). A trailing comment does not count.
 */
function unquotedValueIsText(rest: string, format: ValueFormat): boolean {
  const value = rest.replace(/\s+[#;].*$/, '').trim();
  if (/^[*&][\w.-]+/.test(value)) return true;
  return format.valueRunsToLineEnd && /\s/.test(value);
}

/** Splits `dbPassword`, `DB_PASSWORD`, `db.password`, `--db-password` into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/^[:$@-]+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function insideAny(spans: [number, number][], at: number): boolean {
  for (const [from, to] of spans) if (at > from && at < to) return true;
  return false;
}

const secretNameCache = new WeakMap<CompiledAssignmentRule, Map<string, boolean>>();

function isSecretName(rule: CompiledAssignmentRule, name: string): boolean {
  let cache = secretNameCache.get(rule);
  if (!cache) secretNameCache.set(rule, (cache = new Map()));
  let known = cache.get(name);
  if (known === undefined) {
    known = judgeName(rule, name);
    if (cache.size > 50_000) cache.clear();
    cache.set(name, known);
  }
  return known;
}

function isPasswordName(rule: CompiledAssignmentRule, name: string): boolean {
  return nameWords(name).some((w) => rule.passwordWords.has(w) || [...rule.passwordWords].some((p) => p.length >= 5 && w.endsWith(p)));
}

function judgeName(rule: CompiledAssignmentRule, name: string): boolean {
  const words = nameWords(name);
  if (words.some((w) => rule.exceptWords.has(w))) return false;
  let lastSecretWord = -1;
  words.forEach((w, i) => {
    if (rule.secretWordsShort.has(w) || rule.secretWordsLong.some((s) => w.includes(s))) lastSecretWord = i;
  });
  return lastSecretWord >= 0 && !words.slice(lastSecretWord + 1).some((w) => rule.exceptHeadWords.has(w));
}

/** Keeps one match per stretch of text: the first rule (providers before the generic rule) wins. */
function dropOverlaps(matches: SecretMatch[]): SecretMatch[] {
  const kept: SecretMatch[] = [];
  for (const m of matches) {
    if (kept.some((k) => m.start < k.end && k.start < m.end)) continue;
    kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function toHits(file: string, lines: LineIndex, matches: SecretMatch[]): SecretHit[] {
  const hits: SecretHit[] = [];
  const seen = new Set<string>();
  for (const m of matches) {
    const spec = m.rule.spec;
    const ruleId = `secrets.${spec.id}`;
    const secretHash = sha256(m.secret);
    const line = lines.lineOf(m.start);
    const key = `${ruleId}\0${line}\0${secretHash}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const endLine = lines.lineOf(Math.max(m.start, m.end - 1));
    const fingerprint = sha256(`${ruleId}\0${file}\0${secretHash}`);
    const onThisLine = matches.filter((o) => lines.lineOf(o.start) === line);
    hits.push({
      secretHash,
      finding: {
        id: `vuln_${fingerprint.slice(0, 24)}`,
        fingerprint,
        ruleId,
        type: SECRET_TYPE,
        cwe: SECRET_CWE,
        severity: spec.severity,
        confidence: spec.confidence,
        title: spec.title,
        message: `${spec.title} hard-coded in ${file}. Anyone who can read this file or its git history can use it; the value is shown masked.`,
        file,
        line: line + 1,
        column: m.start - lines.startOf(line) + 1,
        endLine: endLine + 1,
        endColumn: m.end - lines.startOf(endLine) + 1,
        snippet: maskedLine(lines, line, onThisLine, m),
        remediation: spec.remediation ?? DEFAULT_REMEDIATION,
        references: spec.references.length > 0 ? spec.references : DEFAULT_REFERENCES,
        provider: spec.provider,
      },
    });
  }
  return hits;
}

/** Shows enough of a secret to recognise it (a provider prefix, a PEM header), never the whole value. */
export function maskSecret(secret: string): string {
  const pemHeader = /^-----BEGIN [A-Z0-9 ]+-----/.exec(secret);
  const visible = pemHeader ? pemHeader[0] : secret.slice(0, Math.min(Math.floor(secret.length / 6), 6));
  return `${visible}********`;
}

const SNIPPET_MAX = 240;

function maskedLine(lines: LineIndex, line: number, onLine: SecretMatch[], focus: SecretMatch): string {
  const lineStart = lines.startOf(line);
  const lineText = lines.lineText(line);
  let masked = '';
  let cursor = 0;
  let focusAt = 0;
  for (const m of onLine) {
    const from = m.start - lineStart;
    if (from < cursor) continue;
    masked += lineText.slice(cursor, from);
    if (m === focus) focusAt = masked.length;
    masked += maskSecret(m.secret);
    cursor = Math.min(lineText.length, m.end - lineStart);
    if (m.end - lineStart > lineText.length) {
      cursor = lineText.length; // the secret runs on past this line (PEM block)
    }
  }
  masked += lineText.slice(cursor);
  const indent = masked.length - masked.trimStart().length;
  masked = masked.trim();
  focusAt = Math.max(0, focusAt - indent);
  if (masked.length <= SNIPPET_MAX) return masked;
  const from = Math.max(0, Math.min(focusAt - 60, masked.length - SNIPPET_MAX));
  return `${from > 0 ? '…' : ''}${masked.slice(from, from + SNIPPET_MAX)}…`;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Maps text offsets to 0-based lines without splitting the text. */
class LineIndex {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  get count(): number {
    return this.starts.length;
  }
  startOf(line: number): number {
    return this.starts[line];
  }
  /** Offset just past the line's last character (before `\r\n` / `\n`). */
  endOf(line: number): number {
    let end = line + 1 < this.starts.length ? this.starts[line + 1] - 1 : this.text.length;
    if (end > this.starts[line] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
  lineText(line: number): string {
    return this.text.slice(this.starts[line], this.endOf(line));
  }
}
