// A parameter declared with a request type's name (`HttpRequest request`) is the framework's request only when
// no type of the project by that name is where the file sees it: an HTTP client's own `HttpRequest`, declared in
// the file's namespace, a parent of it or one it uses, is an outgoing request the application built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';

const rules = loadRuleSet();

async function ssrf(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'SSRF').map((f) => `${f.file}:${f.line}`).sort();
}

const ownRequest = ['namespace Relay.Common.Http', '{', '    public class HttpRequest', '    {', '        public Uri Url { get; set; }', '    }', '}'].join('\n');

const dispatcher = (usings: string) =>
  [
    usings,
    'namespace Relay.Common.Http.Dispatchers',
    '{',
    '    public class Dispatcher',
    '    {',
    '        private readonly HttpClient _client = new HttpClient();',
    '        public async Task<string> Send(HttpRequest request)',
    '        {',
    '            return await _client.GetStringAsync(request.Url);',
    '        }',
    '    }',
    '}',
  ].join('\n');

test("C#: the project's own HttpRequest, in a parent namespace of the file, is no request source", async () => {
  assert.deepEqual(await ssrf({ 'src/Common/Http/HttpRequest.cs': ownRequest, 'src/Common/Http/Dispatchers/Dispatcher.cs': dispatcher('using System;') }), []);
});

test("C#: ASP.NET Core's HttpRequest stays a source where the project declares no type of that name", async () => {
  assert.deepEqual(await ssrf({ 'src/Web/Dispatcher.cs': dispatcher('using Microsoft.AspNetCore.Http;') }), ['src/Web/Dispatcher.cs:9']);
});
