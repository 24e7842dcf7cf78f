// SnakeYAML's power to build classes a document names (global tags) depends on its version, which only the
// project's manifest tells: a rule test file is scanned alone, so this is shown on small projects here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines as lines, scanProject as scan } from '../helpers/scan-project.ts';

const controller = `package monitor.web;
import org.yaml.snakeyaml.Yaml;
import org.springframework.web.bind.annotation.*;
@RestController
class DefineController {
  @PostMapping("/define")
  Object apply(@RequestBody String text) {
    Yaml yaml = new Yaml();
    return yaml.loadAs(text, java.util.Map.class);
  }
}
`;

test('SnakeYAML loading request text is unsafe deserialisation before 2.0, which refuses global tags by default', async () => {
  const pom = (dependency: string) => `<project>\n  <dependencies>\n${dependency}  </dependencies>\n</project>\n`;
  const snakeyaml = (version: string) => `    <dependency>\n      <groupId>org.yaml</groupId>\n      <artifactId>snakeyaml</artifactId>\n      <version>${version}</version>\n    </dependency>\n`;
  const at = async (manifest: Record<string, string>) =>
    lines(await scan({ ...manifest, 'src/main/java/monitor/web/DefineController.java': controller }), 'INSECURE_DESERIALIZATION');
  assert.deepEqual(await at({ 'pom.xml': pom(snakeyaml('1.33')) }), [9]);
  assert.deepEqual(await at({ 'pom.xml': pom(snakeyaml('2.2')) }), []);
  // A version property, as projects and Spring Boot's dependency management name it.
  const withProperty = (name: string, version: string) =>
    `<project>\n  <properties>\n    <${name}>${version}</${name}>\n  </properties>\n</project>\n`;
  assert.deepEqual(await at({ 'pom.xml': withProperty('snake.yaml.version', '2.2') }), []);
  assert.deepEqual(await at({ 'pom.xml': withProperty('snakeyaml.version', '1.30') }), [9]);
  assert.deepEqual(await at({ 'build.gradle': "dependencies {\n  implementation 'org.yaml:snakeyaml:2.0'\n}\n" }), []);
  // No manifest: the version is unknown and the call is reported.
  assert.deepEqual(await at({}), [9]);
});
