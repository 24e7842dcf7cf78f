// Judging a candidate value: how random it is, and whether it is one of the
// many things that look like a secret but are not (placeholders, examples,
// environment look-ups, hashes, UUIDs, integrity strings, public keys, paths).

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  const length = value.length;
  for (const count of counts.values()) {
    const p = count / length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * The entropy a value must reach. A short string cannot reach the entropy of
 * a long one (at most log2(length) bits), so the rule's threshold is capped by
 * what a random string of that length usually reaches.
 */
export function entropyThreshold(ruleEntropy: number, length: number): number {
  return Math.min(ruleEntropy, Math.log2(Math.max(length, 2)) * 0.8);
}

const STAND_IN_WORD = /(?:^|[^A-Za-z])(?:example|sample|dummy|placeholder|redacted|lorem)/i;
const ASKS_TO_BE_REPLACED = /change[_-]?me|replace[_-]?(?:me|this|with)|insert[_-]?(?:your|here)|fill[_-]?(?:me|in)|to[_-]?be[_-]?(?:set|filled)/i;
/** Values that stand for a secret without being one. */
const PLACEHOLDERS: RegExp[] = [
  /x{4,}/i, // xxxx, XXXXXXXX
  /\*{3,}/,
  /\.\.\.|…/,
  STAND_IN_WORD,
  /example(?:key)?$/i, // AWS documentation keys end with EXAMPLE / EXAMPLEKEY
  ASKS_TO_BE_REPLACED,
  /^your[_-]?|^my[_-]?(?:api[_-]?)?(?:key|token|secret|pass)/i,
  /[_-]here$/i,
  /^<[^>]*>$/, // <token>
  /\$\{[^}]*\}|\{\{[^}]*\}\}|%\([\w.]+\)s|^\$(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)$|^\$\(.*\)$|^%[A-Za-z_]+%$|^\{[\w.]+\}$|#\{[^}]*\}/, // ${VAR}, {{ x }}, %(x)s, $VAR, $(cmd), %VAR%, #{x}
  /^(?:password|passwd|secret|token|apikey|api[_-]key|key|null|none|nil|undefined|true|false|admin|root|test|testing|default|required|optional|string|value|todo|tbd|unset|empty|disabled|secret123|password123|pass123|letmein|qwerty\w*|hunter2\d*)$/i,
  /0123456789|123456789|abcdefghij|abcdef12345/i,
  /(.)\1{5,}/, // 000000…, aaaaaa…
];

const PLACEHOLDER_WORDS = ['password', 'passwd', 'secret', 'changeme', 'example', 'token', 'letmein'];
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '!': 'i', '3': 'e', '$': 's', '5': 's', '6': 'g', '7': 't' };
/**
 * A value that names what it stands for (`adminpassword123`, `eclairpassword`, `Password12!`,
 * `t0ps3cr3t`, `fakeToken2`), or the database server it opens (`SqlServer2026!?`, `postgres1`,
 * `mysql`, `Mongo!23`): typed by a person for a demo, a test or a local container. A generated
 * credential does not spell out a credential word or a product name.
 */
const SELF_DESCRIBING = /passw(?:or)?d|secret|token|apikey|sql_?server|postgres|mysql|mariadb|mongo(?:db)?\b|redis|rabbitmq/;

export function isPlaceholder(value: string): boolean {
  if (PLACEHOLDERS.some((re) => re.test(value))) return true;
  // p%40ssword, passwo^rd, pa/ssword: test strings built from "password".
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // not percent-encoded
  }
  if (/%20/.test(value)) return true; // My%20Pass: words, not a generated value
  const lower = decoded.toLowerCase();
  if (SELF_DESCRIBING.test(lower) || SELF_DESCRIBING.test(deLeet(lower))) return true;
  // ch4n63m31fy0uc4n, r3pl4c3m3: the same request written in digits for letters.
  if (ASKS_TO_BE_REPLACED.test(deLeet(lower)) || STAND_IN_WORD.test(deLeet(lower))) return true;
  if (decoded.length > 12) return false;
  const letters = deLeet(lower).replace(/[^a-z]/g, '');
  return PLACEHOLDER_WORDS.some((word) => withinOneEdit(letters, word));
}

function deLeet(lower: string): string {
  return [...lower].map((ch) => LEET[ch] ?? ch).join('');
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (a.length < b.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH_PREFIXED = /^(?:sha(?:1|224|256|384|512)|md5)[-:]/i; // SRI, lock-file integrity, image digests
// BIP32 extended public keys (xpub…, tpub…) are public by design, like SSH and PEM public keys.
const PUBLIC_KEY = /^(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-|sk-ssh-|sk-ecdsa-|[xyzt]pub[1-9A-HJ-NP-Za-km-z]{100,})|-----BEGIN (?:[A-Z ]*PUBLIC KEY|CERTIFICATE)/;
/** An LDAP distinguished name (`uid=admin,ou=people,dc=example,dc=org`): who binds, not the password. */
const DISTINGUISHED_NAME = /^(?:(?:cn|uid|ou|dc|o|c|l|st|street|mail|sn)=[^,=]+,)+(?:cn|uid|ou|dc|o|c|l|st|street|mail|sn)=[^,=]+$/i;
/**
 * FOO_BAR, and with padded or doubled underscores (`__BASIC_TABLE_CONTEXT_KEY__`, `USER__INFO__`,
 * `LOCALE__`) or a `*` standing for a part (`HD_AUTH_LDAP_*_BIND_CREDENTIALS`, a family of
 * variables): the name of a variable or a storage key, not its value.
 */
const ENV_NAME = /^(?=[A-Z0-9_*]*_)_*[A-Z][A-Z0-9]*(?:_+(?:[A-Z0-9]+|\*))*_*$/;
/**
 * The id a BPMN modeler (bpmn-js, Camunda Modeler) gives a diagram element: its type, `_` and
 * seven base-36 characters (`Task_1bhxpt0`, `Activity_0wdbbd6`, `ExclusiveGateway_0abc123`,
 * `Flow_1x2y3z4`). Code names it a task or node key (`FIRST_TASK_KEY = "Task_1bhxpt0"`): it
 * addresses a step of a workflow, it opens nothing.
 */
const BPMN_ELEMENT_ID = /^(?:[A-Z][a-z]+)*(?:Task|Activity|Gateway|Event|Flow|Process|SubProcess|Participant|Lane|Collaboration|Association|Annotation|Reference|Group|Definitions)_[0-9a-z]{7}$/;
/** A keyboard shortcut (`mod+home`, `Ctrl+Shift+K`, `alt+ArrowLeft`): what a `key` of a key map binds. */
const KEY_CHORD = /^(?:(?:[Cc]trl|CTRL|[Cc]ontrol|[Aa]lt|ALT|[Ss]hift|SHIFT|[Mm]eta|[Mm]od|[Cc]md|[Cc]ommand|[Oo]ption|[Oo]pt|[Ss]uper|[Ww]in)\+)+(?:[A-Za-z0-9]|F\d{1,2}|[A-Za-z][a-z]+(?:[A-Z][a-z]+)*)$/;
/** Words joined by separators or camelCase: a name, key or message id rather than a random value. */
// A namespace's backslash (`Vendor\Entity\Api\AuthCode`, doubled in a PHP literal) separates words too.
const WORDS = [/^[a-z]+(?:[A-Z][a-z]+)*$/, /^[A-Za-z][a-z]*(?:[A-Z][a-z]+)*(?:(?:[_.\-/:@$]|\\{1,2})(?:[A-Za-z][a-z]*(?:[A-Z][a-z]+)*|\d{1,6}))*$/];
const PATH_OR_URL = /^(?:\/|\.\.?\/|~\/|[A-Za-z]:\\)|:\/\/|\.(?:pem|key|crt|cer|p12|pfx|json|ya?ml|txt|env|jks|keystore|ini|conf|html?|js|ts|py|rb|php|png|svg|jpe?g)$/i;
const NUMBERISH = /^[+-]?\d+(?:[.,:]\d+)*$|^v?\d+\.\d+/;
/**
 * A cryptographic algorithm's standard name (`HmacSHA256`, `PBEWithMD5AndTripleDES`,
 * `AES/GCM/NoPadding`, `SHA256withRSA`): the second argument of `new SecretKeySpec(key, …)`
 * on a line that assigns a `…Key`, not a key.
 */
const ALGORITHM_NAME = new RegExp(
  `^(?:(?:${[
    'Hmac', 'HMAC', 'PBKDF2', 'PBE', 'SHA', 'MD[245]', 'AES', 'DESede', 'DES', 'Triple', 'RSA', 'ECDSA', 'ECDH', 'EC', 'DSA',
    'Ed25519', 'Ed448', 'X25519', 'RC[24]', 'Blowfish', 'ChaCha20', 'Poly1305', 'PKCS', 'OAEP', 'PSS', 'MGF', 'GCM', 'CBC',
    'ECB', 'CTR', 'CFB', 'OFB', 'CCM', 'NoPadding', 'Padding', 'With', 'with', 'And', 'and', 'TLS', 'Tls', 'SSL', 'PRF', 'Prf',
  ].join('|')})\\d*(?:[-_/]\\d+)*[-_/]?)+$`,
);
/** A text encoding's name (`randomBytes(12).toString('base64url')` on a line that assigns a password). */
const ENCODING_NAME = /^(?:base(?:16|32|36|58|62|64)(?:url)?|hex|utf-?(?:8|16(?:le|be)?)|latin-?1|ascii|binary|ucs-?2)$/i;
const CODE_LIKE = /\(.*\)|^(?:process|os|env|ENV|System|Environment|config|settings|self|this|getenv)\b[.[(]|^[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*\(|=>|&&|\|\|/;

/**
 * A stored password hash (Django `md5$salt$hash`, `pbkdf2_sha256$…`, bcrypt `$2b$12$…`, crypt
 * `$6$…`, Apache's `$apr1$…`, Argon2, Jenkins' `#jbcrypt:`): what a password becomes, not the password.
 * In a Compose file or its `.env` each `$` is written `$$` (`--admin-password $$2y$$05$$…`, a Traefik
 * `basicauth.users=admin:$$apr1$$…` label), as Compose would otherwise read a variable there.
 */
const PASSWORD_HASH = /^(?:#jbcrypt:)?(\$\$?)(?:2[abxy]?|[156]|apr1|argon2(?:id|i|d)|scrypt|pbkdf2[\w-]*)\1|^(?:pbkdf2_sha(?:1|256)|argon2|bcrypt(?:_sha256)?|scrypt|sha1|md5|unsalted_md5|unsalted_sha1|crypt)\$/;
/**
 * A value encrypted for the file it sits in, to be committed: ejson's `EJ[1:<public key>:<nonce>:<box>]`
 * and SOPS' `ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]`. Only the holder of the private key (kept
 * off the repository, on the deploy host or in a KMS) reads it back; what is in the file is ciphertext.
 */
const ENCRYPTED_VALUE = /^EJ\[\d+:[A-Za-z0-9+/]{42,44}={0,2}:[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]+={0,2}\]$|^ENC\[AES256_GCM,data:[A-Za-z0-9+/=]*,/;
/** A package version or range (`npm:^4.0.0`, `~1.2`, `>=2.0.0-rc.1`): lock files and manifests. */
const VERSION_SPEC = /^(?:npm:|workspace:|[\w.-]+@)?[\^~<>=]*v?\d+(?:\.(?:\d+|x|\*))+(?:[-+][\w.-]+)?$/;
/** Markup (`<div>Updated</div>`): interface text, not a value. */
const MARKUP = /<\/?[A-Za-z][\w-]*(?:\s[^>]*)?\/?>/;
/**
 * Values that are built at run time rather than written out: `{$rand}`, `${id}`, `#{id}`,
 * `{{ checksum }}`, `$(genstring)`, format slots (`{}`, `{0}`, `{name}`, `{0:x}`, `%s`).
 */
const INTERPOLATION = /\{\$|\$\{|#\{|\{\{|\$\(|\{(?:\d+|[A-Za-z_][\w.]*)?(?::[^{}]*)?\}/;

/**
 * The start of a template's expression or tag (ERB/EJS `<%= … %>`, Jinja/Twig/Handlebars/Liquid
 * `{{ … }}`, `{% … %}`, Blade `{!! … !!}`, a comment `{# … #}`): the value is computed when the
 * page renders. A quote inside the expression ends the literal early, so only its start is seen
 * (`token="<%=raw(` of `token="<%=raw("x")%>"`).
 */
const TEMPLATE_EXPRESSION = /^(?:<%|\{\{|\{%|\{!!|\{#|@\{\{)/;
/** Razor and Blade: `@Model.Token`, `@string.Join(`, `@(expr)`, `@json(`; `@@` writes a literal `@`. */
const AT_EXPRESSION = /^@[A-Za-z_({[]/;

export interface ValueContext {
  /**
   * The name says the value is a password, which people choose from words: a single word and
   * a number (`Welcome2024`) is still one, where under `key` or `token` it is an identifier.
   */
  chosenByPeople?: boolean;
  /** The file is a template whose `@name`, `@(…)` open an expression (Razor, Blade). */
  atExpressions?: boolean;
}

/** Why a generic value (from an assignment) is not a secret, or null when it may be one. */
export function notASecretReason(value: string, context: ValueContext = {}): string | null {
  if (/\s/.test(value)) return 'whitespace';
  if (TEMPLATE_EXPRESSION.test(value) || (context.atExpressions && AT_EXPRESSION.test(value))) return 'template-expression';
  if (/[^\x21-\x7e]/.test(value)) return 'not-ascii'; // prose in another script, not a key
  // The same prose written as escapes (`\u5BC6\u7801`: a Java message bundle after native2ascii, a JSON or YAML string):
  // an escape of a character outside ASCII. `\u0041` is still `A`.
  if (/\\u(?!00[0-7][0-9a-fA-F])[0-9a-fA-F]{4}/.test(value)) return 'not-ascii';
  if (isPlaceholder(value)) return 'placeholder';
  if (INTERPOLATION.test(value)) return 'interpolation';
  if (UUID.test(value)) return 'uuid';
  if (HASH_PREFIXED.test(value)) return 'integrity-hash';
  if (PASSWORD_HASH.test(value)) return 'password-hash';
  if (ENCRYPTED_VALUE.test(value)) return 'encrypted-value';
  if (PUBLIC_KEY.test(value)) return 'public-key';
  if (DISTINGUISHED_NAME.test(value)) return 'distinguished-name';
  if (ENV_NAME.test(value)) return 'environment-name';
  if (BPMN_ELEMENT_ID.test(value)) return 'diagram-element-id';
  if (KEY_CHORD.test(value)) return 'key-chord';
  if (MARKUP.test(value)) return 'markup';
  // {"provider":"standard"}, ["a","b"]: structured data written inline; a quote never sits in a generated key.
  if (/^[[{].*[\]}]$/.test(value) || /["']/.test(value)) return 'structured';
  if (VERSION_SPEC.test(value)) return 'version';
  const bare = value.replace(/^[_$#@.!?{[(-]+|[.!?:,;_)}\]-]+$/g, '');
  if (WORDS.some((re) => re.test(bare))) return 'words';
  // Under a password name only an identifier of several parts (a.b, input[type=x]) is one: a
  // single word and number is how people choose passwords. `value`, not `bare`, keeps the @ and $
  // that mark a password.
  const identifierParts = context.chosenByPeople ? 2 : 1;
  if (wordShaped(value.replace(/^[.!?{[(-]+|[.!?:,;_)}\]-]+$/g, '')) && bare.split(/[^A-Za-z0-9]+/).filter(Boolean).length >= identifierParts) return 'words';
  // Letters only and short (`addToJSMap`, `getHTTPClient`): a name; generated secrets mix in digits or are long.
  if (/^[A-Za-z]+$/.test(value) && (value.length < 16 || camelCaseWords(value))) return 'letters-only-name';
  if (/^[A-Z0-9]+(?:[-_.][A-Z0-9]+)+$/.test(value) && value.length < 16) return 'constant'; // CRAM-MD5, AES-256-CBC
  if (ALGORITHM_NAME.test(value)) return 'algorithm-name';
  if (ENCODING_NAME.test(value)) return 'encoding-name';
  if (PATH_OR_URL.test(value)) return 'path-or-url';
  if (NUMBERISH.test(value)) return 'number';
  if (CODE_LIKE.test(value)) return 'code';
  // "%s\\Setup", "%s_account_id", "%(name)s", "%0.1f", "{0}": a format string; a random value rarely
  // holds a slot followed by something other than a letter or digit (`_` is a separator here).
  if (/%(?:\([\w.]+\))?[sd](?![A-Za-z0-9])|%\d*\.\d+f|\{\d+\}/.test(value)) return 'format-string';
  // \w, \d; a character class with a range ([A-Za-z0-9._~+/-]+): a pattern, not a value
  if (/\\[wdsbWDSB]|\[[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*\]/.test(value)) return 'regex';
  // ^.{6,256}$, (?=.*\d): a counted repetition of any character or group, a look-ahead: a pattern
  if (/[.\])]\{\d+(?:,\d*)?\}|\(\?[=!]/.test(value)) return 'regex';
  if (value.startsWith('data:')) return 'data-uri';
  if (characterClasses(value) < 2) return 'one-character-class';
  return null;
}

/** `RegQueryInfoKeyW`, `WTSQueryUserToken`: words and short acronyms, as a function name is made. */
function camelCaseWords(value: string): boolean {
  const segments = value.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+/g) ?? [];
  return segments.every((seg) => (/^[A-Z]+$/.test(seg) ? seg.length <= 5 : seg.length >= 2 && /[aeiouy]/i.test(seg)));
}

/**
 * Identifiers, keys and selectors written by people (`Bitpay.APIKey`, `reverse_proxy.tls_h1_only`,
 * `halo.security.oauth2.jwt.public-key-location`, `input[type=password]`, `updatedAt-DESC`,
 * `SAML2_SP_x509_KEY`, `ExportMigration2`): every piece between separators is made of words,
 * short acronyms and a few short numbers. Generated values mix letters and digits throughout.
 */
export function wordShaped(value: string): boolean {
  // Names, keys and selectors are joined by . _ - : / = [ ] ! # and quotes; %, +, *, ^, @, $, ~,
  // & and backslashes belong to generated passwords.
  if (/[%+*^@$~&\\]/.test(value)) return false;
  if (CONSTANT_NAME.test(value)) return true;
  const pieces = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (pieces.length === 0) return false;
  // Capitals alone (YPOU#RIQ) are acronyms only beside a word (VLAN.status, API-Token).
  if (!/[A-Za-z]?[a-z]{2,}/.test(value)) return false;
  let letters = 0;
  let inWords = 0;
  for (const piece of pieces) {
    const found = lettersInWords(piece);
    if (found < 0) return false;
    inWords += found;
    letters += piece.replace(/\d+/g, '').length;
  }
  // Stray letters between separators (T=e#o=V) are not words either.
  return inWords >= 0.75 * letters;
}

/**
 * A run of letters in mixed case, as identifiers are written: an optional lower-case start
 * (`is`Public, `updated`At), then capitalised words and acronyms (an acronym before a word or
 * at the end: `API`Key, Wireless`LAN`, Azure`AD`), then an optional two-letter word (`At`, `Id`) or, after a
 * word, one capital (`ClusterW`, `ConsoleR`: a read or write permission's mark).
 */
const IDENTIFIER_RUN = /^(?:[a-z]{2,})?(?:[A-Z][a-z]{2,}|[A-Z]{2,6}(?=[A-Z][a-z]{2}|[A-Z][a-z]$|$))*(?:[A-Z][a-z]|(?<=[a-z]{2})[A-Z])?$/;
/** `SAML2_SP_x509_KEY`: an environment variable's name, with a lower-case part. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_(?:[A-Z0-9]+|[a-z0-9]+))+$/;

/** How many letters of `piece` sit in words, or -1 when the piece is not made of words. */
function lettersInWords(piece: string): number {
  const runs = piece.match(/[A-Za-z]+|\d+/g) ?? [];
  let digitRuns = 0;
  let inWords = 0;
  for (let i = 0; i < runs.length; i++) {
    let run = runs[i]!;
    // A numeronym's last letter (k8s, i18n, a11y) runs into the capitalised words after it
    // (`K8sClusterW`, `k8sContainersDatatable`): it closes the numeronym, and the words follow.
    if (i >= 2 && /^\d+$/.test(runs[i - 1]!) && /^[A-Za-z]$/.test(runs[i - 2]!) && /^[a-z][A-Z]/.test(run)) {
      inWords += 1;
      run = run.slice(1);
    }
    if (/^\d/.test(run)) {
      // a version, an index, a year: short, and at most two in one piece (x509, h264v2)
      if (run.length > (runs.length === 1 ? 6 : 4) || ++digitRuns > 2) return -1;
    } else if (run.length === 1) {
      // a letter alone or beside digits: X-Header, x509, h1, L2VPN
    } else if (/^[A-Z]?[a-z]+$/.test(run)) {
      // tls, Key, hunter, csrfmiddlewaretoken: words and abbreviations count; rkrga does not
      if (run.length <= 4 || pronounceable(run)) inWords += run.length;
    } else if (/^[A-Z]+$/.test(run)) {
      if (run.length > 6) return -1;
      inWords += run.length; // DESC, SAML, VLAN
    } else {
      // Random text in mixed case breaks the pattern with stray capitals (ZexOHiXFI, NZTKi).
      if (run.length < 5 || !IDENTIFIER_RUN.test(run)) return -1;
      const words = run.match(/^[a-z]+|[A-Z]?[a-z]+/g) ?? [];
      if (!words.every(pronounceable)) return -1;
      inWords += run.length;
    }
  }
  return inWords;
}

/** A word of three letters or more: a vowel, and no more than three consonants in a row. */
function pronounceable(segment: string): boolean {
  return /[aeiouy]/i.test(segment) && !/[^aeiouy]{4}/i.test(segment);
}

function characterClasses(value: string): number {
  let classes = 0;
  if (/[a-z]/.test(value)) classes++;
  if (/[A-Z]/.test(value)) classes++;
  if (/[0-9]/.test(value)) classes++;
  if (/[^A-Za-z0-9]/.test(value)) classes++;
  return classes;
}

/**
 * Whether the match at `start` sits inside a larger blob that is not a secret:
 * a base64 data URI (image data) or an integrity/digest string.
 */
export function insideInertBlob(line: string, startInLine: number): boolean {
  const before = line.slice(0, startInLine);
  const dataUri = before.lastIndexOf(';base64,');
  if (dataUri >= 0 && !/[\s"'`)]/.test(before.slice(dataUri))) return true;
  const integrity = before.search(/(?:sha(?:1|256|384|512)-|@sha256:)[A-Za-z0-9+/=]*$/);
  return integrity >= 0;
}
