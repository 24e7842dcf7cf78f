// Scanning a small project held in memory (path → text) with the built-in rules, as a user's scan of those files
// would: for engine behaviour that spans files or reads manifests, which a rule's own test file (scanned alone)
// cannot show.
import { scanSourceFiles, type Finding } from '../../src/engine/index.ts';

export async function scanProject(files: Record<string, string>): Promise<Finding[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { jobs: 1, cacheDir: null });
  return findings;
}

/** The lines of the findings of one type, in order. */
export function findingLines(findings: Finding[], type: string): number[] {
  return findings.filter((f) => f.type === type).map((f) => f.line).sort((a, b) => a - b);
}
