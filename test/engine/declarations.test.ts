// The declarations of Java, C# and PHP read from text (src/engine/project/declarations.ts): braces in
// strings, comments, interpolation holes and annotations' arguments are no blocks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { declarationsOf } from '../../src/engine/project/declarations.ts';

const names = (text: string, language: 'java' | 'csharp' | 'php') =>
  declarationsOf(text, language)?.declarations.map((d) => `${d.kind} ${d.name}`).sort();

test('C# strings of every form hold braces and quotes that are no code', () => {
  const source = `namespace Shop.Json;
public class JsonText
{
    public override string ToString() => $"{{{string.Join(", ", this.Select(x => $"\\"{x.Key}\\":{x.Value}"))}}}";

    private static string Sql(string table)
    {
        var verbatim = @"C:\\{dir}\\"" } {";
        var raw = $"""
            SELECT "{ table }" FROM x WHERE y = '}'
            """;
        return raw + verbatim + '{';
    }
}
`;
  assert.deepEqual(names(source, 'csharp'), ['class JsonText', 'method Sql']);
});

test('Java annotations with arguments, lambdas, anonymous classes and control blocks are read as such', () => {
  const source = `package shop;
@RequestMapping(value = {"/a", "/b"})
public class OrderController {
    @GetMapping(path = "/x", produces = { "application/json" })
    public String list() {
        Runnable r = new Runnable() { public void run() { } };
        items.forEach(i -> { if (i != null) { send(i); } });
        if (ready) { return "}"; }
        return "{";
    }

    private static String text = """
        { not a block
        """;
}
`;
  const file = declarationsOf(source, 'java')!;
  assert.deepEqual(
    file.declarations.map((d) => `${d.kind} ${d.name}`),
    // The anonymous class is part of the method around it; the method it declares is a method.
    ['method run', 'method list', 'class OrderController'],
  );
  assert.match(file.declarations[1]!.modifiers, /@GetMapping/);
});

test('PHP outside its tags, heredocs, comments and strings', () => {
  const source = `<html>{ <?php if ($x) { ?> }<?php } ?></html>
<?php
# a comment with {
class Report implements \\Illuminate\\Contracts\\Validation\\ValidationRule
{
    private function body(): string
    {
        $a = "{$b['k']}";
        return <<<EOT
        { unbalanced
        EOT;
    }
}
`;
  const file = declarationsOf(source, 'php')!;
  assert.deepEqual(file.declarations.map((d) => `${d.kind} ${d.name}`).sort(), ['class Report', 'method body']);
  assert.deepEqual(file.declarations.find((d) => d.kind === 'class')!.bases, ['ValidationRule']);
});

test('a file whose braces do not balance has no declarations', () => {
  assert.equal(declarationsOf('class A { void f() { }', 'java'), undefined);
});
