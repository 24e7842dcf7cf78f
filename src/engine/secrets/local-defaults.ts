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
