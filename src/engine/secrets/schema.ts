// The secret rule file format (rules/secrets/*.yaml), declared once: it
// validates the YAML, gives the TypeScript types and documents every field.
import { z } from 'zod';
import { SEVERITIES, CONFIDENCES } from '../types.ts';
import { SECRET_FILE_KINDS } from './file-kinds.ts';

/** A JavaScript regular expression source; compiled with the rule's `flags`. */
const RegexSource = z.string().min(1).refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid JavaScript regular expression' },
);

const RuleCommon = {
  /** Stable rule id; part of every finding's fingerprint, so never rename one. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** Who issued the credential (shown as `provider` on the finding). */
  provider: z.string().min(1),
  title: z.string().min(1),
  severity: z.enum(SEVERITIES),
  confidence: z.enum(CONFIDENCES).default('high'),
  /**
   * Lower-case substrings of which at least one must occur in the text before
   * the regex runs: the prefilter that keeps the scan at memory speed.
   */
  keywords: z.array(z.string().min(2).refine((k) => k === k.toLowerCase(), 'keywords are lower case').refine((k) => !/[\r\n]/.test(k), 'keywords are on one line')).min(1),
  /** Minimum Shannon entropy (bits per character) of the secret value. */
  entropy: z.number().min(0).max(8).default(0),
  /** Secret values shorter than this are not reported. */
  minLength: z.number().int().min(1).default(8),
  /** Regexes on the secret value: a match means "not a secret" (documented examples, test keys). */
  allow: z.array(RegexSource).default([]),
  /** Regexes on the whole line: a match means nothing on that line is reported by this rule. */
  allowLine: z.array(RegexSource).default([]),
  /**
   * Regexes on the value's context: the lines that open the blocks around it (`"googleMaps": {`,
   * `bugsnag.Configure(bugsnag.Configuration{`, up to three levels, by indentation), the comments
   * in its own block above it, then its own line, joined by line breaks; matched ignoring case. A
   * match means the value is of a kind that is public by design (a Maps browser key, an error
   * reporter's notifier key) or is said to be public where it stands.
   */
  allowContext: z.array(RegexSource).default([]),
  /** Reject values that look like placeholders (`xxxx`, `${VAR}`, `changeme`); off for key blocks, whose base64 has long runs. */
  checkPlaceholders: z.boolean().default(true),
  /**
   * Kinds of file where the rule reports nothing (test code and fixtures, examples, documentation,
   * CI and local development configuration, lock files, translations; see file-kinds.ts): their
   * credentials guard nothing deployed. Provider rules leave it empty and report everywhere.
   */
  notIn: z.array(z.enum(SECRET_FILE_KINDS)).default([]),
  /**
   * A value that a SQL script of the scanned tree sets as a database user's password
   * (`CREATE USER … IDENTIFIED BY '…'`, `WITH PASSWORD '…'`) is the project's published default
   * and not reported (setup-scripts.ts, judged over the whole scan). Off for provider tokens.
   */
  skipSetupScriptPasswords: z.boolean().default(false),
  remediation: z.string().optional(),
  references: z.array(z.string().url()).default([]),
};

/**
 * A provider pattern. The secret is the capture group named `secret`, else the
 * first capture group that matched (the whole match when the regex has no group). The regex runs over the whole
 * text, so `[^\n]`-style classes keep a one-line pattern on one line; a
 * pattern may span lines on purpose (PEM blocks).
 */
export const PatternRule = z
  .object({
    ...RuleCommon,
    kind: z.literal('pattern').default('pattern'),
    regex: RegexSource,
    /** The pattern may run past the line its keyword is on (PEM blocks); otherwise it is matched line by line. */
    multiline: z.boolean().default(false),
    /** Extra RegExp flags (`i`); `g` and `d` are always added. */
    flags: z.string().regex(/^[imsu]*$/).default(''),
    /**
     * For credentials in URLs (groups `user`, `secret`, `host`) and key=value connection strings
     * (`Server=…;User=…;Password=…` on the same line): a password on the machine itself
     * (`localhost`, `127.0.0.1`, `::1`, SQL Server's `.`), for a service of the same Compose file, or
     * one that repeats the user name (`postgres:postgres`) is a local default, not a secret.
     */
    skipLocalDefaults: z.boolean().default(false),
    /**
     * For signed JSON Web Tokens: one whose payload carries an `exp` before the scan's clock has
     * expired and opens nothing (an example response in API documentation); one without `exp`,
     * or with a later one, is reported.
     */
    skipExpiredTokens: z.boolean().default(false),
  })
  .strict();

/**
 * A hard-coded credential in an assignment, key/value pair or command-line
 * flag (`password = "…"`, `API_KEY: …`, `--requirepass …`): the name decides
 * that it holds a secret, the value must look random (entropy, no placeholder).
 */
export const AssignmentRule = z
  .object({
    ...RuleCommon,
    kind: z.literal('assignment'),
    /**
     * Words of a name (split at camelCase, `_`, `-`, `.`) that mark it as a
     * secret. Entries of five or more letters also match as a word's ending
     * (`dbpassword`, `accesstoken`), shorter ones only as a whole word.
     */
    secretWords: z.array(z.string().regex(/^[a-z0-9]+$/)).min(1),
    /**
     * Secret words whose values people choose (passwords) rather than generate: under them a
     * word and a number (`Welcome2024`) is still reported. Five letters or more also match as a
     * word's ending (`dbpassword`).
     */
    passwordWords: z.array(z.string().regex(/^[a-z0-9]+$/)).default([]),
    /** Words that make the name something other than the secret itself wherever they stand (`cache_key`, `public_key`). */
    exceptWords: z.array(z.string().regex(/^[a-z0-9]+$/)).default([]),
    /**
     * Words that make the name something about the secret only after its last secret word
     * (`token_url`, `key_id`, `password_hash`); before it they say which secret it is
     * (`EMAIL_HOST_PASSWORD`, `FIELD_ENCRYPTION_KEY`), as English compounds put the head last.
     */
    exceptHeadWords: z.array(z.string().regex(/^[a-z0-9]+$/)).default([]),
    /** Files (by extension or base name, lower case) where an unquoted value after `=`/`:` counts (.env, YAML, properties). */
    unquotedIn: z.array(z.string()).default([]),
    maxLength: z.number().int().min(8).default(256),
  })
  .strict();

export const SecretRule = z.discriminatedUnion('kind', [
  PatternRule.extend({ kind: z.literal('pattern') }),
  AssignmentRule,
]);

export const SecretRuleFile = z
  .object({
    rules: z
      .array(
        z.preprocess(
          (raw) => (raw && typeof raw === 'object' && !('kind' in raw) ? { ...raw, kind: 'pattern' } : raw),
          SecretRule,
        ),
      )
      .min(1),
  })
  .strict();

export type PatternRule = z.infer<typeof PatternRule>;
export type AssignmentRule = z.infer<typeof AssignmentRule>;
export type SecretRule = z.infer<typeof SecretRule>;
export type SecretRuleFile = z.infer<typeof SecretRuleFile>;
