// A request through an HTTP client the project registers with SSRF protection
// (src/engine/guarded-clients.ts) is left out: the named client asked from the factory, or the
// HttpClient injected into a typed client. A client registered without the guard, or one the
// code makes itself, keeps the finding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanProject, findingLines } from '../helpers/scan-project.ts';

const REGISTRATIONS = `using Microsoft.Extensions.DependencyInjection;

namespace Media.Config;

public static class HttpClients
{
    public static void AddMediaClients(this IServiceCollection services)
    {
        services.AddHttpClient(ClientNames.Imports)
            .AddHttpMessageHandler<SsrfFilteringHandler>();
        services.AddHttpClient("Mirror");
        services.AddHttpClient<IThumbnailFetcher, ThumbnailFetcher>()
            .EnableSsrfProtection();
    }
}
`;

const CONTROLLER = `using System.Net.Http;
using Microsoft.AspNetCore.Mvc;

namespace Media.Api;

public class ImportController : Controller
{
    private readonly IHttpClientFactory factory;

    public ImportController(IHttpClientFactory factory)
    {
        this.factory = factory;
    }

    [HttpPost("import")]
    public async Task<IActionResult> Import([FromForm] string source)
    {
        using var downloader = factory.CreateClient(ClientNames.Imports);
        var body = await downloader.GetStringAsync(source);
        return Ok(body);
    }

    [HttpPost("mirror")]
    public async Task<IActionResult> Mirror([FromForm] string source)
    {
        var mirror = factory.CreateClient("Mirror");
        var body = await mirror.GetStringAsync(source);
        return Ok(body);
    }

    [HttpPost("direct")]
    public async Task<IActionResult> Direct([FromForm] string source)
    {
        var own = new HttpClient();
        var body = await own.GetStringAsync(source);
        return Ok(body);
    }
}
`;

const TYPED = `using System.Net.Http;
using Microsoft.AspNetCore.Mvc;

namespace Media.Api;

public class ThumbnailFetcher : IThumbnailFetcher
{
    private readonly HttpClient http;

    public ThumbnailFetcher(HttpClient http)
    {
        this.http = http;
    }

    public Task<byte[]> Fetch(string address) => http.GetByteArrayAsync(address);
}

public class ThumbnailController : Controller
{
    private readonly ThumbnailFetcher fetcher;

    public ThumbnailController(ThumbnailFetcher fetcher)
    {
        this.fetcher = fetcher;
    }

    [HttpGet("thumb")]
    public async Task<IActionResult> Thumb([FromQuery] string address) => File(await fetcher.Fetch(address), "image/png");
}
`;

test('a named client registered with an SSRF guard is left out; unguarded and self-made clients stay', async () => {
  const findings = await scanProject({ 'src/Config/HttpClients.cs': REGISTRATIONS, 'src/Api/ImportController.cs': CONTROLLER });
  assert.deepEqual(findingLines(findings, 'SSRF'), [27, 35]);
});

test('without the guarded registration in the scan, the named client keeps its finding', async () => {
  const findings = await scanProject({ 'src/Api/ImportController.cs': CONTROLLER });
  assert.deepEqual(findingLines(findings, 'SSRF'), [19, 27, 35]);
});

test('the HttpClient injected into a typed client registered with an SSRF guard is left out', async () => {
  const guarded = await scanProject({ 'src/Config/HttpClients.cs': REGISTRATIONS, 'src/Api/Thumbnails.cs': TYPED });
  assert.deepEqual(findingLines(guarded, 'SSRF'), []);
  const unguarded = await scanProject({ 'src/Config/HttpClients.cs': REGISTRATIONS.replace('.EnableSsrfProtection()', ''), 'src/Api/Thumbnails.cs': TYPED });
  assert.deepEqual(findingLines(unguarded, 'SSRF'), [15]);
});
