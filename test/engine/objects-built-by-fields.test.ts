// In Java, C# and Go, a local object built field by field (`vm.Host = host`) holds what its fields hold when it is passed
// on, as an object initializer with those properties does: a sink or a template that reads the field sees the data;
// another field of the object stays clean. (Not JavaScript's option bags: languages/types.ts objectsBuiltByFields.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('C#: a view model built field by field gives the view its fields', async () => {
  const controller = [
    'using Microsoft.AspNetCore.Mvc;',
    '',
    'namespace Demo.Controllers',
    '{',
    '    public class ToolsController : Controller',
    '    {',
    '        [HttpGet]',
    '        public IActionResult Tools(string host)',
    '        {',
    '            var vm = new ToolViewModel();',
    '            vm.Host = host;',
    '            vm.Title = "Tools";',
    '            return View("Tools", vm);',
    '        }',
    '    }',
    '',
    '    public class ToolViewModel',
    '    {',
    '        public string Host { get; set; }',
    '        public string Title { get; set; }',
    '    }',
    '}',
  ].join('\n');
  const view = ['@model Demo.Controllers.ToolViewModel', '<h1>@Html.Raw(Model.Title)</h1>', '<p>@Html.Raw(Model.Host)</p>'].join('\n');
  const findings = await scanProject({ 'Controllers/ToolsController.cs': controller, 'Views/Tools/Tools.cshtml': view });
  assert.deepEqual(findings.filter((f) => f.type === 'XSS').map((f) => `${f.file}:${f.line}`), ['Views/Tools/Tools.cshtml:3']);
});

test('C#: a record or a class with a primary constructor holds each argument in its own property', async () => {
  const code = [
    'using System.Net.Http;',
    'using Microsoft.AspNetCore.Mvc;',
    '',
    'namespace Demo.Controllers',
    '{',
    '    public record Delivery(string Id, string Url);',
    '',
    '    public class Retry(string id, string url)',
    '    {',
    '        public string Id { get; } = id;',
    '        public string Url { get; } = url;',
    '    }',
    '',
    '    public class HooksController : Controller',
    '    {',
    '        private static readonly HttpClient Client = new HttpClient();',
    '',
    '        [HttpPost]',
    '        public async Task<IActionResult> Redeliver(string deliveryId, string target)',
    '        {',
    '            var delivery = new Delivery(deliveryId, "https://hooks.example.com/in");',
    '            await Client.GetAsync(delivery.Url);',
    '            var retry = new Retry(deliveryId, "https://hooks.example.com/in");',
    '            await Client.GetAsync(retry.Url);',
    '            var open = new Delivery("fixed", target);',
    '            await Client.GetAsync(open.Url);',
    '            return Ok();',
    '        }',
    '    }',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'Controllers/HooksController.cs': code }), 'SSRF'), [26]);
});

test('Go: a struct declared with var and given a field carries it into the template it is rendered with', async () => {
  const code = [
    'package main',
    '',
    'import (',
    '\t"net/http"',
    '\t"text/template"',
    ')',
    '',
    'type Vars struct {',
    '\tTarget string',
    '\tTitle  string',
    '}',
    '',
    'var page = template.Must(template.New("p").Parse("<a href=\'{{.Target}}\'>{{.Title}}</a>"))',
    '',
    'func render(w http.ResponseWriter, data interface{}) {',
    '\tpage.Execute(w, data)',
    '}',
    '',
    'func ShowLogin(w http.ResponseWriter, r *http.Request) {',
    '\tvar v Vars',
    '\tv.Target = r.URL.Query().Get("target")',
    '\tv.Title = "Login"',
    '\trender(w, v)',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'main.go': code }), 'XSS'), [16]);
});
