// C# named arguments (`Exec(cmd, env: vars)`) are bound to the parameter of that name, as Python's keyword
// arguments are, not to the next position: a value passed as `label:` does not become the `args` parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines as lines, scanProject as scan } from '../helpers/scan-project.ts';

test('a C# named argument reaches the parameter of its name, whatever its position', async () => {
  const findings = await scan({
    'Controllers/RunController.cs': `using System.Diagnostics;
using Microsoft.AspNetCore.Mvc;
public class RunController : ControllerBase
{
    [HttpGet("run")]
    public IActionResult Run(string host, string flags)
    {
        Login("/usr/bin/login.cgi", label: host);
        Status("/usr/bin/status.cgi", args: flags);
        Report("/usr/bin/report.cgi", flags);
        return Ok();
    }

    private static void Login(string command, string args = null, string label = null)
    {
        Process.Start(command, args ?? "");
    }

    private static void Status(string command, string label = null, string args = null)
    {
        Process.Start(command, args ?? "");
    }

    private static void Report(string command, string args = null)
    {
        Process.Start(command, args ?? "");
    }
}
`,
  });
  // Login's label is only a label (line 16 is not reported); the flags reach Status's arguments by name and
  // Report's by position.
  assert.deepEqual(lines(findings, 'COMMAND_INJECTION'), [21, 26]);
});

test("a named argument of a library sink still reaches it: the sink's signature is out of sight", async () => {
  const findings = await scan({
    'Controllers/FilesController.cs': `using System.IO;
using Microsoft.AspNetCore.Mvc;
public class FilesController : ControllerBase
{
    [HttpGet("files")]
    public IActionResult Read(string name)
    {
        return Content(System.IO.File.ReadAllText(path: "/srv/files/" + name));
    }
}
`,
  });
  assert.deepEqual(lines(findings, 'PATH_TRAVERSAL'), [8]);
});
