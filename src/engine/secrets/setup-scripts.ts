// The passwords a project's own SQL scripts give database users are its published defaults.
// A setup script in the repository (`CREATE USER 'shop'@'%' IDENTIFIED BY '…'`, Postgres
// `CREATE ROLE app LOGIN PASSWORD '…'`, SQL Server `CREATE LOGIN app WITH PASSWORD = '…'`) is
// what every installation runs to create its database: the password it sets is printed for
// everyone who reads the installation steps, like an emulator's fixed key. The configuration
// files that log in with that same value (the application's datasource, a code generator's
// connection, the root password of the compose file that runs the script) repeat the default;
// they leak nothing the script has not published.
//
// This needs the whole scanned tree, so it is judged after the files' results, per scan: a
// finding's value is compared with the passwords of every `.sql` file scanned with it. A
// password no SQL script of the tree sets stays reported, and so does every provider token.
import type { Finding } from '../types.ts';
import { builtinSecretRules } from './rules.ts';

/** `IDENTIFIED BY 'pw'` (MySQL, MariaDB, Oracle; `IDENTIFIED WITH plugin BY`; Oracle's unquoted name). `BY PASSWORD '*…'` is a hash. */
const IDENTIFIED_BY = /\bIDENTIFIED\s+(?:WITH\s+['"`]?\w+['"`]?\s+)?BY\s+(?!PASSWORD\b)(?:'((?:[^'\\\n]|''|\\.)*)'|"([^"\n]*)"|([A-Za-z][\w$#]*))/gi;
/** Postgres `CREATE|ALTER USER|ROLE … [ENCRYPTED] PASSWORD '…'`, SQL Server `CREATE|ALTER LOGIN|USER … WITH PASSWORD = '…'`. */
const WITH_PASSWORD = /\b(?:CREATE|ALTER)\s+(?:USER|ROLE|LOGIN)\b[^;]{0,300}?(?<!\bBY\s+)\bPASSWORD\s*=?\s*'((?:[^'\\\n]|''|\\.)*)'/gi;
/** MySQL `SET PASSWORD [FOR u] = PASSWORD('…')` or `= '…'`. */
const SET_PASSWORD = /\bSET\s+PASSWORD\b[^;=]{0,200}=\s*(?:PASSWORD\s*\(\s*)?'((?:[^'\\\n]|''|\\.)*)'/gi;
const KEYWORD = /identified|password/i;

/** The passwords the SQL text `sql` sets for database users or logins. */
export function passwordsSetBySql(sql: string): string[] {
  if (!KEYWORD.test(sql)) return [];
  const found: string[] = [];
  for (const re of [IDENTIFIED_BY, WITH_PASSWORD, SET_PASSWORD]) {
    re.lastIndex = 0;
    for (const m of sql.matchAll(re)) {
      const quoted = m[1] ?? m[2];
      const value = quoted !== undefined ? quoted.replace(/''/g, "'") : m[3];
      if (value) found.push(value);
    }
  }
  return found;
}

export function isSqlScript(path: string): boolean {
  return /\.sql$/i.test(path);
}

/** Rule ids (`secrets.generic-credential`) whose findings a setup script's password voids. */
function rulesSkippingSetupPasswords(): Set<string> {
  return new Set(builtinSecretRules().rules.filter((r) => r.spec.skipSetupScriptPasswords).map((r) => `secrets.${r.spec.id}`));
}

/**
 * Leaves out the secret findings whose value is a password that a SQL script among `texts` sets
 * (the scan's files, by root-relative path). The scripts are read once, and only when some
 * finding may be one.
 */
export class SetupScriptPasswords {
  private passwords: Set<string> | undefined;
  private rules: Set<string> | undefined;

  constructor(private readonly texts: ReadonlyMap<string, { text: string }>) {}

  /** `findings` without those that repeat a setup script's password; the same array when none does. */
  filter(findings: Finding[]): Finding[] {
    if (!findings.some((f) => f.ruleId.startsWith('secrets.'))) return findings;
    this.rules ??= rulesSkippingSetupPasswords();
    const candidates = findings.filter((f) => this.rules!.has(f.ruleId));
    if (candidates.length === 0) return findings;
    const passwords = this.setPasswords();
    if (passwords.size === 0) return findings;
    const dropped = new Set(candidates.filter((f) => passwords.has(this.valueOf(f) ?? '')));
    return dropped.size === 0 ? findings : findings.filter((f) => !dropped.has(f));
  }

  private setPasswords(): Set<string> {
    if (!this.passwords) {
      this.passwords = new Set();
      for (const [path, { text }] of this.texts) if (isSqlScript(path)) for (const p of passwordsSetBySql(text)) this.passwords.add(p);
    }
    return this.passwords;
  }

  /** The text a finding on one line points at: its secret value. */
  private valueOf(f: Finding): string | undefined {
    if (f.endLine !== f.line) return undefined;
    const text = this.texts.get(f.file)?.text;
    if (text === undefined) return undefined;
    let start = 0;
    for (let n = 1; n < f.line; n++) {
      start = text.indexOf('\n', start) + 1;
      if (start === 0) return undefined;
    }
    return text.slice(start + f.column - 1, start + f.endColumn - 1);
  }
}
