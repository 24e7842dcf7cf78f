// An outgoing request made through an HTTP client that refuses private and reserved
// addresses is no server-side request forgery: the client's own check keeps the request off
// the server's network, whatever URL the user gives (an "upload from URL" feature).
//
// .NET registers such clients by name or by type at start-up, and code elsewhere asks the
// factory for them:
//
//   services.AddHttpClient("Assets").EnableSsrfProtection();          // Config/AssetServices.cs
//   var http = httpClientFactory.CreateClient("Assets");              // Api/AssetFileResolver.cs
//   await http.GetAsync(url);
//
// A registration guards its client when its statement adds a handler or an option named for
// SSRF protection (`EnableSsrfProtection()`, `AddHttpMessageHandler<SsrfProtectionHandler>()`).
// The registration and the request are in different files, so this is judged per scan, after
// the files' results, like the other whole-scan judgements (scan.ts).
import type { Finding } from './types.ts';

/** A registration statement, from `AddHttpClient` to the end of its chain. */
const REGISTRATION = /\bAddHttpClient\s*(<[^>()]*>)?\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)[^;]*;/g;
/** A handler or option of the registration named for SSRF protection. */
const SSRF_GUARD = /ssrf/i;
/** The factory's `CreateClient(name)`, with the name's text. */
const CREATE_CLIENT = /\bCreateClient\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/;
/** The variable or field the request is sent through: `http` in the sink step `http.GetAsync()`. */
const SINK_RECEIVER = /^(?:this\.)?(\w+)\.\w+(?:<[^>]*>)?\(\)$/;

/** The text of a name argument as written, without spaces: `"Assets"`, `nameof(Clients.Assets)`, `Clients.Assets`. */
function nameKey(argument: string): string {
  return argument.replace(/\s+/g, '');
}

/** The class names of a typed registration's type arguments: `<IWebhookSender, WebhookSender>`. */
function typedClients(typeArguments: string): string[] {
  return typeArguments
    .slice(1, -1)
    .split(',')
    .map((t) => t.trim().replace(/^.*\./, ''))
    .filter(Boolean);
}

interface Guarded {
  /** Names of named clients registered with a guard (as written at the registration). */
  names: Set<string>;
  /** Classes a typed client with a guard is injected into. */
  classes: Set<string>;
}

/**
 * Leaves out the SSRF findings of C# files whose request goes through a client registered with
 * SSRF protection among `texts` (the scan's files, by root-relative path). The registrations are
 * read once, and only when some finding may be left out.
 */
export class GuardedHttpClients {
  private guarded: Guarded | undefined;

  constructor(private readonly texts: ReadonlyMap<string, { text: string }>) {}

  /** `findings` without requests through a guarded client; the same array when none is. */
  filter(findings: Finding[]): Finding[] {
    const candidates = findings.filter((f) => f.type === 'SSRF' && f.file.endsWith('.cs'));
    if (candidates.length === 0) return findings;
    const guarded = this.registrations();
    if (guarded.names.size === 0 && guarded.classes.size === 0) return findings;
    const dropped = new Set(candidates.filter((f) => this.throughGuardedClient(f, guarded)));
    return dropped.size === 0 ? findings : findings.filter((f) => !dropped.has(f));
  }

  private registrations(): Guarded {
    if (!this.guarded) {
      const guarded: Guarded = { names: new Set(), classes: new Set() };
      for (const [path, { text }] of this.texts) {
        if (!path.endsWith('.cs') || !text.includes('AddHttpClient')) continue;
        for (const m of text.matchAll(REGISTRATION)) {
          if (!SSRF_GUARD.test(m[0])) continue;
          const [, typeArguments, argument] = m;
          if (typeArguments) for (const c of typedClients(typeArguments)) guarded.classes.add(c);
          else if (argument!.trim()) guarded.names.add(nameKey(argument!.split(',')[0]!));
        }
      }
      this.guarded = guarded;
    }
    return this.guarded;
  }

  /**
   * Whether the finding's request is sent through a guarded client: a variable or field every
   * assignment of which in the file asks the factory for a guarded named client, or the
   * HttpClient injected into a class registered as a guarded typed client.
   */
  private throughGuardedClient(finding: Finding, guarded: Guarded): boolean {
    const sink = finding.trace?.at(-1);
    const receiver = sink?.kind === 'sink' ? SINK_RECEIVER.exec(sink.label)?.[1] : undefined;
    const text = this.texts.get(finding.file)?.text;
    if (!receiver || text === undefined) return false;
    const assignments = [...text.matchAll(new RegExp(`\\b${receiver}\\s*=(?![=>])\\s*([^;]*)`, 'g'))].map((m) => m[1]!);
    const factoryNames = assignments.map((value) => CREATE_CLIENT.exec(value)?.[1]);
    if (assignments.length > 0 && factoryNames.every((n) => n !== undefined)) return factoryNames.every((n) => guarded.names.has(nameKey(n!)));
    return injected(text, receiver) && [...text.matchAll(/\bclass\s+(\w+)/g)].some((m) => guarded.classes.has(m[1]!));
  }
}

/** Whether `receiver` is given from a constructor parameter of type HttpClient (a typed client's injection). */
function injected(text: string, receiver: string): boolean {
  for (const m of text.matchAll(/\bHttpClient\s+(\w+)\s*[,)]/g)) {
    const name = m[1]!;
    if (name === receiver || new RegExp(`\\b${receiver}\\s*=\\s*${name}\\s*;`).test(text)) return true;
  }
  return false;
}
