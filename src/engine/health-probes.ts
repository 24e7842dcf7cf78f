// A container's health probe is the program its Dockerfile's `HEALTHCHECK` runs: a one-shot
// process inside the container that asks the container's own server whether it is up
// (`HEALTHCHECK CMD node extra/healthcheck.js`, `HEALTHCHECK CMD ["/app/healthcheck"]`). No
// attacker talks to it and it talks to no one else, so the weaknesses that matter only in
// deployed, reachable code (the rules marked `notInTests`: a disabled certificate check against
// the server's own, possibly self-signed, certificate; weak randomness; debug settings) are
// left out there as in test code. Its injections and secrets are reported as anywhere else.
//
// This needs the whole scanned tree (the Dockerfiles name the probe), so it is judged per scan,
// after the files' results: a probe is a scanned file whose name, without its extension, is the
// name of a program a `HEALTHCHECK` instruction runs (`extra/healthcheck` built from
// `extra/healthcheck.go`), or of the subcommand it runs the project's program with (`./app ping`, written in
// `cmd/ping.go`).
import type { Finding } from './types.ts';

/** `Dockerfile`, `Dockerfile.prod`, `docker/dockerfile`, `api.Dockerfile`, Podman's `Containerfile`. */
export function isDockerfile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /^(docker|container)file(\.[\w.-]+)?$/i.test(name) || /\.(docker|container)file$/i.test(name);
}

/** System folders whose programs (curl, wget, nc) are installed tools, not the project's files. */
const SYSTEM_PROGRAM = /^\/(usr\/(local\/)?)?s?bin\//;

/**
 * The names (file names without extension) of the programs the `HEALTHCHECK` instructions of a
 * Dockerfile run: the arguments of its command that are paths (`extra/healthcheck`,
 * `/app/probe.js`, `healthcheck.py`), not options, URLs, variables or system tools, and the
 * subcommand word right after such a path (`./app ping`).
 */
export function healthProbeNames(dockerfile: string): string[] {
  const names: string[] = [];
  // Instructions continue over lines ending in a backslash.
  const instructions = dockerfile.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const line of instructions) {
    const m = /^\s*HEALTHCHECK\b.*?\bCMD\s+(.*)$/i.exec(line);
    if (!m) continue;
    let afterProgram = false;
    for (const word of commandWords(m[1]!)) {
      // The project's own program run with a subcommand (`./fider ping`, `["/app/server", "healthcheck"]`): the
      // subcommand is written in a file of its name (`cmd/ping.go`).
      if (afterProgram && /^[a-z][a-z-]{2,}$/.test(word)) names.push(word);
      afterProgram = false;
      if (word.startsWith('-') || word.includes('://') || word.includes('$') || SYSTEM_PROGRAM.test(word)) continue;
      const base = word.slice(word.lastIndexOf('/') + 1);
      const isPath = word.includes('/') || /^[\w-]+\.\w+$/.test(base);
      const name = base.replace(/\.\w+$/, '');
      if (isPath && /^[\w-]{3,}$/.test(name)) {
        names.push(name);
        afterProgram = true;
      }
    }
  }
  return names;
}

/** The words of a shell-form command or the strings of an exec-form JSON array. */
function commandWords(command: string): string[] {
  const trimmed = command.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.filter((w): w is string => typeof w === 'string').flatMap((w) => w.split(/\s+/));
    } catch {
      // Not valid JSON: Docker runs it as a shell command, and so it is read.
    }
  }
  return trimmed.split(/\s+|&&|\|\||[;|]/).map((w) => w.replace(/^["']|["']$/g, '')).filter(Boolean);
}

/**
 * Leaves out the findings of rules quiet in test code (`notInTests`) whose file is a health probe
 * of a Dockerfile among `texts` (the scan's files, by root-relative path). The Dockerfiles are
 * read once, and only when some finding may be left out.
 */
export class ContainerHealthProbes {
  private probeNames: Set<string> | undefined;

  constructor(
    private readonly texts: ReadonlyMap<string, { text: string }>,
    private readonly quietInTests: (ruleId: string) => boolean,
  ) {}

  /** `findings` without those in a health probe; the same array when none is. */
  filter(findings: Finding[]): Finding[] {
    const candidates = findings.filter((f) => this.quietInTests(f.ruleId));
    if (candidates.length === 0) return findings;
    const names = this.names();
    if (names.size === 0) return findings;
    const dropped = new Set(candidates.filter((f) => names.has(stem(f.file))));
    return dropped.size === 0 ? findings : findings.filter((f) => !dropped.has(f));
  }

  private names(): Set<string> {
    if (!this.probeNames) {
      this.probeNames = new Set();
      for (const [path, { text }] of this.texts) if (isDockerfile(path)) for (const name of healthProbeNames(text)) this.probeNames.add(name);
    }
    return this.probeNames;
  }
}

/** A path's file name without its extension. */
function stem(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
