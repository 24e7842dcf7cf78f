// Spring Security's firewall rejects a request path with an encoded separator, an encoded dot, a
// backslash or a /../ segment before any handler runs: behind it, a one-segment path variable names an
// entry of the directory it is put in. A catch-all variable (`{*path}`) keeps the slashes it matched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, type Finding } from '../../src/engine/index.ts';

async function scan(files: Record<string, string>): Promise<Finding[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  return (await scanSourceFiles(sources, { jobs: 1, cacheDir: null })).findings;
}

function lines(findings: Finding[], type: string): number[] {
  return findings.filter((f) => f.type === type).map((f) => f.line).sort((a, b) => a - b);
}

const CONTROLLER = `package x;
import java.nio.file.*;
import org.springframework.web.bind.annotation.*;
@RestController
class Files2 {
  private static final Path ROOT = Paths.get("/srv/files");
  @GetMapping("/files/{name}")
  byte[] one(@PathVariable String name) throws Exception {
    return Files.readAllBytes(ROOT.resolve(name));
  }
  @GetMapping("/tree/{*path}")
  byte[] rest(@PathVariable("path") String p) throws Exception {
    return Files.readAllBytes(ROOT.resolve(p));
  }
  @GetMapping("/find")
  byte[] query(@RequestParam String name) throws Exception {
    return Files.readAllBytes(ROOT.resolve(name));
  }
}
`;

test('behind Spring Security, a one-segment path variable does not traverse; a catch-all one and a query parameter do', async () => {
  const secured = { 'src/main/java/x/Files2.java': CONTROLLER, 'pom.xml': '<project><dependencies><dependency><artifactId>spring-boot-starter-security</artifactId></dependency></dependencies></project>\n' };
  const plain = { 'src/main/java/x/Files2.java': CONTROLLER, 'pom.xml': '<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n' };
  assert.deepEqual(lines(await scan(secured), 'PATH_TRAVERSAL'), [13, 17]);
  assert.deepEqual(lines(await scan(plain), 'PATH_TRAVERSAL'), [9, 13, 17]);
});
