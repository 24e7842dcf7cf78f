// C#: a `params object[] args` parameter takes every argument from its position on (`Join(format, a, b)`), as
// `...args` does in JavaScript: tree-sitter-c-sharp keeps the `params` keyword and the array type as the
// parameter list's own children, beside the name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('C#: every argument given to a params array reaches the method', async () => {
  const fmt = [
    'using System.Globalization;',
    '',
    'namespace Shop.Core;',
    '',
    'public static class Fmt',
    '{',
    '    public static string Join(string format, params object?[] args)',
    '        => string.Format(CultureInfo.InvariantCulture, format, args);',
    '',
    '    public static string First(string format, params object?[] args)',
    '        => string.Format(CultureInfo.InvariantCulture, format, "https");',
    '}',
  ].join('\n');
  const controller = [
    'using Microsoft.AspNetCore.Mvc;',
    'using Shop.Core;',
    '',
    'namespace Shop.Web;',
    '',
    'public class FetchController : Controller',
    '{',
    '    private readonly HttpClient _http = new();',
    '',
    '    [HttpGet]',
    '    public async Task<IActionResult> Fetch(string host)',
    '    {',
    '        await _http.GetAsync(Fmt.Join("{0}://{1}/", "https", host));',
    '        await _http.GetAsync(Fmt.First("{0}://internal.example/", "https", host));',
    '        return Ok();',
    '    }',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'src/Core/Fmt.cs': fmt, 'src/Web/FetchController.cs': controller }), 'SSRF'), [13]);
});
