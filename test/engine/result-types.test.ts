// A variable given the result of the project's own function has the type that function declares it returns
// (conditions.ts resultTypeOf), where a sink's condition asks for the receiver's type: `client :=
// proxy.NewClient()` in one package holds the `*http.Client` that `NewClient` in another says it returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const files = {
  'go.mod': 'module example.com/avatars\n\ngo 1.21\n',
  'netutil/client.go': ['package netutil', '', 'import "net/http"', '', 'func Outbound() *http.Client {', '\treturn &http.Client{}', '}', '', 'type Cache struct{}', '', 'func (c *Cache) Get(key string) string { return key }', '', 'func Settings() *Cache {', '\treturn &Cache{}', '}', ''].join('\n'),
  'avatars/fetch.go': [
    'package avatars',
    '',
    'import (',
    '\t"net/http"',
    '',
    '\t"example.com/avatars/netutil"',
    ')',
    '',
    'func Import(w http.ResponseWriter, r *http.Request) {',
    '\tclient := netutil.Outbound()',
    '\tresp, err := client.Get(r.FormValue("avatar"))',
    '\tif err == nil {',
    '\t\tresp.Body.Close()',
    '\t}',
    '\tcache := netutil.Settings()',
    '\tcache.Get(r.FormValue("key"))',
    '}',
    '',
  ].join('\n'),
};

test('Go: a client from a function of another package that returns *http.Client sends requests; a cache from one that returns its own type does not', async () => {
  assert.deepEqual(findingLines(await scanProject(files), 'SSRF'), [11]);
});
