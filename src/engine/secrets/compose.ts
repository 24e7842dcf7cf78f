// The password a Compose file gives a database image it starts itself (`POSTGRES_PASSWORD`
// of a `postgres` service, `SA_PASSWORD` of `mssql/server`): the container creates a new,
// empty database with it. Where the file keeps that database on the machine it runs on, the
// password guards nothing another machine can reach, as a URL to `@db` of the same file
// already does not (`local-defaults.ts`).

interface Lines {
  readonly count: number;
  lineText(line: number): string;
}

/** Database images and the variables their entrypoint creates the first account's password from. */
const DATABASE_IMAGES: { image: RegExp; variables: RegExp }[] = [
  { image: /(?:^|\/)(?:postgres|postgresql|postgis|timescaledb(?:-ha)?|pgvector)$/, variables: /^(?:POSTGRES|POSTGRESQL)_(?:POSTGRES_)?PASSWORD$/ },
  { image: /(?:^|\/)(?:mysql|mysql-server|mariadb|percona|percona-server)$/, variables: /^(?:MYSQL|MARIADB)_(?:ROOT_)?PASSWORD$/ },
  { image: /(?:^|\/)(?:mssql\/server|mssql\/rhel\/server|azure-sql-edge)$/, variables: /^(?:MSSQL_)?SA_PASSWORD$/ },
  { image: /(?:^|\/)(?:mongo|mongodb|mongodb-community-server)$/, variables: /^(?:MONGO_INITDB_ROOT|MONGODB_ROOT|MONGODB)_PASSWORD$/ },
  { image: /(?:^|\/)(?:redis|valkey)$/, variables: /^(?:REDIS|VALKEY)_PASSWORD$/ },
  { image: /(?:^|\/)rabbitmq$/, variables: /^RABBITMQ_DEFAULT_PASS$/ },
  { image: /(?:^|\/)(?:clickhouse-server|clickhouse)$/, variables: /^CLICKHOUSE_PASSWORD$/ },
  { image: /(?:^|\/)couchdb$/, variables: /^COUCHDB_PASSWORD$/ },
];

/** A host folder of a developer's workstation mounted into a container: a Windows drive (`D:/mount/…`) or a macOS home (`/Users/…`). */
const WORKSTATION_MOUNT = /^\s*(?:-\s*["']?(?:[A-Za-z]:[\\/]|\/Users\/)[^"':\n]*:\/|source\s*:\s*["']?(?:[A-Za-z]:[\\/]|\/Users\/))/;
/** A published port bound to the machine itself: `127.0.0.1:5432:5432`, `localhost:5432:5432`, `[::1]:…`. */
const LOOPBACK_PORT = /^["']?(?:127(?:\.\d{1,3}){3}|localhost|\[::1\]):/;
/** How far a service's fields may reach below its name. */
const MAX_SERVICE_LINES = 200;

const indentOf = (text: string): number => text.search(/\S/);
const isBlankOrComment = (text: string): boolean => /^\s*(?:#|$)/.test(text);

/**
 * Whether `name` on `lineNumber` of a Compose file is the bootstrap password of the database
 * image its service starts, and the file keeps that database local: the service publishes no
 * port beyond the machine itself (`expose:` only, or `127.0.0.1:` bindings), or the file mounts
 * folders of a developer's workstation. A database published on every interface of a host that
 * could be a server stays reported, and so does every other credential of the file.
 */
export function isLocalDatabaseBootstrap(lines: Lines, lineNumber: number, name: string): boolean {
  const bare = name.replace(/^-\s*/, '');
  const databases = DATABASE_IMAGES.filter((d) => d.variables.test(bare));
  if (databases.length === 0) return false;
  const service = serviceOf(lines, lineNumber);
  if (!service) return false;
  const image = fieldValue(lines, service, 'image')?.replace(/^["']|["']$/g, '').replace(/(?:@sha256:[0-9a-f]+|:[\w.-]+)$/, '');
  if (!image || !databases.some((d) => d.image.test(image))) return false;
  return !publishesBeyondLoopback(lines, service) || mountsWorkstationFolder(lines);
}

interface ServiceBlock {
  /** The line of the service's name. */
  line: number;
  /** The indentation of its fields. */
  fieldIndent: number;
  /** The line after its last field. */
  end: number;
}

/** The service whose `environment:` holds `lineNumber`. */
function serviceOf(lines: Lines, lineNumber: number): ServiceBlock | undefined {
  let indent = indentOf(lines.lineText(lineNumber));
  let environment = -1;
  for (let n = lineNumber - 1; n >= 0 && lineNumber - n <= MAX_SERVICE_LINES; n--) {
    const text = lines.lineText(n);
    if (isBlankOrComment(text)) continue;
    const at = indentOf(text);
    if (at >= indent) continue;
    if (environment < 0) {
      if (!/^\s*environment\s*:\s*$/.test(text)) return undefined;
      environment = n;
      indent = at;
      continue;
    }
    if (!/^\s*["']?[\w.-]+["']?\s*:\s*$/.test(text)) return undefined;
    let end = n + 1;
    while (end < lines.count && end - n <= MAX_SERVICE_LINES) {
      const inner = lines.lineText(end);
      if (!isBlankOrComment(inner) && indentOf(inner) <= at) break;
      end++;
    }
    return { line: n, fieldIndent: indent, end };
  }
  return undefined;
}

function fieldValue(lines: Lines, service: ServiceBlock, field: string): string | undefined {
  const re = new RegExp(`^\\s*${field}\\s*:\\s*(\\S.*?)\\s*(?:#.*)?$`);
  for (let n = service.line + 1; n < service.end; n++) {
    const text = lines.lineText(n);
    if (indentOf(text) !== service.fieldIndent) continue;
    const m = re.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** Whether the service's `ports:` publish one on an address other than the machine's own. */
function publishesBeyondLoopback(lines: Lines, service: ServiceBlock): boolean {
  for (let n = service.line + 1; n < service.end; n++) {
    const text = lines.lineText(n);
    if (indentOf(text) !== service.fieldIndent) continue;
    const inline = /^\s*ports\s*:\s*(\S.*)?$/.exec(text);
    if (!inline) continue;
    // ports: ["5432:5432"] on one line
    if (inline[1]) return inline[1].replace(/[[\]\s]/g, '').split(',').filter(Boolean).some((p) => !LOOPBACK_PORT.test(p));
    for (let item = n + 1; item < service.end; item++) {
      const entry = lines.lineText(item);
      if (isBlankOrComment(entry)) continue;
      if (indentOf(entry) <= service.fieldIndent) break;
      const short = /^\s*-\s*(\S+)/.exec(entry);
      if (!short) continue;
      if (/^(?:target|published|host_ip|protocol|mode)\s*:/.test(short[1])) {
        // the long syntax: loopback only with a host_ip of its own
        if (!/host_ip\s*:\s*["']?(?:127\.|localhost|::1)/.test(blockFrom(lines, item, service.end))) return true;
      } else if (!LOOPBACK_PORT.test(short[1])) return true;
    }
  }
  return false;
}

/** The lines of the list item at `item`, up to the next item. */
function blockFrom(lines: Lines, item: number, end: number): string {
  const indent = indentOf(lines.lineText(item));
  const out = [lines.lineText(item)];
  for (let n = item + 1; n < end; n++) {
    const text = lines.lineText(n);
    if (!isBlankOrComment(text) && indentOf(text) <= indent) break;
    out.push(text);
  }
  return out.join('\n');
}

const workstationCache = new WeakMap<Lines, boolean>();

function mountsWorkstationFolder(lines: Lines): boolean {
  let known = workstationCache.get(lines);
  if (known === undefined) {
    known = false;
    for (let n = 0; n < lines.count && !known; n++) {
      if (WORKSTATION_MOUNT.test(lines.lineText(n))) known = true;
    }
    workstationCache.set(lines, known);
  }
  return known;
}
