// Where a scan's time goes, from a V8 CPU profile of `scanner scan` (`node --cpu-prof`):
// each sample is counted in the phase of the innermost engine frame on its stack that
// names one. Used by bench/speed-apps.ts --phases; the phases are those of
// docs/benchmarks.md ("Where the time goes").

/** The parts of a `.cpuprofile` file read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export const PHASES = [
  'taint analysis',
  'parsing the files analysed',
  'cross-package resolution: definitions',
  'cross-package resolution: parsing the files calls lead into',
  'templates',
  'pattern rules',
  'compiling queries',
  'secrets',
  'garbage collection',
  'reading files, start-up, report',
] as const;
export type Phase = (typeof PHASES)[number];

/** Engine code by folder, whether it runs from `dist/` (compiled) or `src/` (tsx). */
const engine = (folder: string) => new RegExp(`/(dist|src)/engine/${folder}/`);
const TAINT = engine('taint');
const PROJECT = engine('project');
const TEMPLATES = engine('templates');
const PATTERNS = engine('patterns');
const SECRETS = engine('secrets');
/** What the project does to find where a call leads (the rest of project/ hands over to the taint walk). */
const RESOLUTION_FUNCTIONS = new Set(['resolve', 'lookUp', 'lookIn', 'definitionsIn', 'mayDefine', 'defaultExport', 'Project', 'ImportIndex']);

type Frame = CpuProfile['nodes'][number]['callFrame'];

/** The phase a frame names, or undefined when it names none (library code, the engine's glue). */
function phaseOfFrame(frame: Frame): Phase | 'parse' | undefined {
  const { functionName: name, url } = frame;
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === 'parseSync' && /\/engine\/parse\//.test(url)) return 'parse';
  if (name === 'compile' && PATTERNS.test(url)) return 'compiling queries';
  if (PATTERNS.test(url)) return 'pattern rules';
  if (SECRETS.test(url)) return 'secrets';
  if (TEMPLATES.test(url)) return 'templates';
  if (PROJECT.test(url) && RESOLUTION_FUNCTIONS.has(name)) return 'cross-package resolution: definitions';
  if (TAINT.test(url)) return 'taint analysis';
  return undefined;
}

/** Microseconds per phase (every phase present, 0 when none was seen). */
export function phaseTimes(profile: CpuProfile): Record<Phase, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const resolving = (id: number | undefined): boolean => {
    for (let at = id; at !== undefined; at = parent.get(at)) if (phaseOfFrame(byId.get(at)!.callFrame) === 'cross-package resolution: definitions') return true;
    return false;
  };
  const memo = new Map<number, Phase>();
  const phaseOf = (leaf: number): Phase => {
    let phase = memo.get(leaf);
    if (phase) return phase;
    phase = 'reading files, start-up, report';
    for (let at: number | undefined = leaf; at !== undefined; at = parent.get(at)) {
      const named = phaseOfFrame(byId.get(at)!.callFrame);
      if (!named) continue;
      // A parse asked for while resolving a call is the price of following calls across files.
      phase = named === 'parse' ? (resolving(parent.get(at)) ? 'cross-package resolution: parsing the files calls lead into' : 'parsing the files analysed') : named;
      break;
    }
    memo.set(leaf, phase);
    return phase;
  };
  const times = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  profile.samples.forEach((leaf, i) => {
    times[phaseOf(leaf)] += profile.timeDeltas[i] ?? 0;
  });
  return times;
}

/** Each phase's share of the whole, 0–1. */
export function phaseShares(profile: CpuProfile): Record<Phase, number> {
  const times = phaseTimes(profile);
  const total = Object.values(times).reduce((a, b) => a + b, 0) || 1;
  return Object.fromEntries(PHASES.map((p) => [p, times[p] / total])) as Record<Phase, number>;
}
