// Credentials of the machine's own services and of throwaway stacks: a password for a
// database on localhost, for a service of the same Compose file, or one that repeats its
// user name (`postgres:postgres`) guards nothing another machine can reach.

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|[\w.-]+\.localhost)(?::\d+)?$/i;
/** SQL Server's names for the machine itself: `.`, `(local)`, `.\SQLEXPRESS`, `(localdb)\MSSQLLocalDB` (backslash escaped in JSON or C#). */
const LOCAL_SQL_SERVER = /^(?:\.|\(local\)|\(localdb\))(?:\\{1,2}[\w$-]+)?$/i;
/** A Compose service name: one label, no dots, not a number. */
const SERVICE_NAME = /^[A-Za-z][\w-]*$/;
/** The server and user of an ADO.NET/ODBC/JDBC key=value connection string (`Server=localhost,1433;User Id=sa;`). */
export const CONNECTION_HOST = /(?:^|[;"'\s=])(?:server|host|data\s*source|datasource|addr|address|network\s*address)\s*=\s*(?:tcp:)?([^;"'\s,]+)/i;
const CONNECTION_USER = /(?:^|[;"'\s=])(?:user\s*id|userid|user|uid|username|user\s*name)\s*=\s*([^;"']+?)\s*(?=[;"']|$)/i;

/**
 * A password of the machine's own services, or one that repeats its user name (`postgres:postgres`).
 * The host and user come from the URL's groups or, for key=value connection strings, from the
 * line. In a Compose file a host of one label is a service of the same file: a throwaway stack.
 */
export function isLocalDefault(groups: Record<string, string | undefined> | undefined, secret: string, line: string, compose: boolean): boolean {
  const host = (groups?.host ?? CONNECTION_HOST.exec(line)?.[1] ?? '').replace(/:\d+$/, '');
  const user = groups?.user ?? CONNECTION_USER.exec(line)?.[1];
  if (LOOPBACK_HOST.test(host) || LOCAL_SQL_SERVER.test(host) || user === secret) return true;
  return compose && SERVICE_NAME.test(host);
}

interface Lines {
  readonly count: number;
  lineText(line: number): string;
}

/** How many lines of the same entry above and below a password are read for its user name. */
const ENTRY_REACH = 6;
/** A user field and its value: `username: 'x'`, `"login" => "x"`, `userId="x"`. */
const USER_FIELD = /(?<![\w$])(["'`]?)[\w$.-]*?(?:user|username|login|account|uid|principal|email)\1\s*(?::|=>|=)\s*(["'`]?)([^\s"'`,;})]+)\2/gi;

/**
 * Whether the password `value` on `lineNumber` repeats the user name of its own entry: a user
 * field with the same value on the same line (`{ username: 'demo1', password: 'demo1' }`,
 * `userId="x" password="x"`) or on a line of the same block at the same indentation (a form
 * model's initial login, a datasource's `username:`/`password:`). That is the login of a
 * seeded demo or default account (`admin`/`admin`), guessed before it is read, as
 * `postgres:postgres` in a URL (`isLocalDefault`); a password that differs from the user name
 * stays reported.
 */
export function repeatsUserName(lines: Lines, lineNumber: number, value: string): boolean {
  const namesUser = (text: string) => [...text.matchAll(USER_FIELD)].some((m) => m[3] === value);
  const own = lines.lineText(lineNumber);
  if (namesUser(own)) return true;
  const indent = own.search(/\S/);
  for (const step of [-1, 1]) {
    for (let n = lineNumber + step, seen = 0; n >= 0 && n < lines.count && seen < ENTRY_REACH; n += step, seen++) {
      const text = lines.lineText(n);
      if (!text.trim()) break;
      const at = text.search(/\S/);
      // Leaving the entry: a line less indented, or one that closes or opens a block at this depth.
      if (at < indent || (at === indent && /^[\]})]/.test(text.trim()))) break;
      if (at === indent && namesUser(text)) return true;
    }
  }
  return false;
}
