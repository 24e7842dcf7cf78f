// Outgoing requests.
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Net.Http.Headers;

namespace Shop.Controllers;

[Authorize]
public class PagesController : Controller
{
    private readonly HttpClient _http = new();
    private readonly IOrderRepository _orders;
    private readonly LinkGenerator _links;

    public PagesController(IOrderRepository orders, LinkGenerator links)
    {
        _orders = orders;
        _links = links;
    }

    [HttpGet]
    public async Task<IActionResult> Preview([FromQuery] string url)
    {
        // ruleid: SSRF
        var html = await _http.GetStringAsync(url);
        // ok: SSRF
        var safe = await _http.GetStringAsync("https://api.example.com/items/" + Uri.EscapeDataString(url));
        return Ok(new { html, safe });
    }

    [HttpGet]
    public async Task<IActionResult> Status(string orderId)
    {
        // Calls this site's own status action: the id only fills an encoded route value.
        var self = _links.GetUriByAction(HttpContext, "Status", "Orders", new { orderId });
        // ok: SSRF
        var status = await _http.GetStringAsync(self);
        // ok: SSRF
        using var local = System.IO.File.OpenRead(Path.Combine("exports", Path.GetFileName(orderId)));
        // ok: SSRF
        var tracking = await _http.GetStringAsync($"https://api.carrier.example.com/track/{orderId}");
        // ruleid: SSRF
        var mirror = await _http.GetStringAsync($"https://{orderId}.mirror.example.com/status");
        // ok: SSRF
        var order = await _orders.GetAsync(orderId);
        return Ok(new { status, tracking, mirror, order });
    }
}

public class ProxyController : ControllerBase
{
    private readonly HttpClient _httpClient = new();

    [HttpGet("proxy")]
    public async Task<IActionResult> Proxy([FromQuery] string upstream)
    {
        // ruleid: SSRF
        _httpClient.BaseAddress = new Uri(upstream);
        // ok: SSRF
        _httpClient.BaseAddress = new Uri("https://api.example.com/");
        var message = new HttpRequestMessage();
        // ruleid: SSRF
        message.RequestUri = new Uri(upstream);
        return Ok(await _httpClient.SendAsync(message));
    }

    // The configured base holds the scheme and host; the request value fills only the path.
    [HttpGet("templates/{name}")]
    public async Task<IActionResult> Template(string name, [FromServices] IOptions<TemplateOptions> options)
    {
        var url = new Uri($"{options.Value.ContentUrl}/{name}/README.md", UriKind.Absolute);
        // ok: SSRF
        var readme = await _httpClient.GetStringAsync(url);
        // ok: SSRF
        var logo = await _httpClient.GetStringAsync(options.Value.ContentUrl + "/" + name + "/logo.png");
        // ruleid: SSRF
        var other = await _httpClient.GetStringAsync($"{options.Value.Scheme}://{name}/README.md");
        return Ok(new { readme, logo, other });
    }

    // A relative reference (a constant first segment, no scheme, no host) resolved against the configured media
    // server: the request value fills the path and query only.
    [HttpGet("artwork/{*path}")]
    public async Task<IActionResult> Artwork(string path, [FromServices] IOptions<TemplateOptions> options)
    {
        var fullPath = new Uri(new Uri(options.Value.ContentUrl), $"photo/:/transcode?url=/{path}&height=440");
        // ok: SSRF
        var poster = await _httpClient.GetAsync(fullPath);
        // ok: SSRF
        var thumb = await _httpClient.GetAsync("thumbs/" + path);
        // A first segment built from the request may be a host name or a scheme:
        // ruleid: SSRF
        var other = await _httpClient.GetAsync(path + "/thumb.jpg");
        return Ok(new { poster, thumb, other });
    }
}

public class WebhookController : ControllerBase
{
    private readonly IHttpClientFactory _factory;

    [HttpPost("webhooks/test")]
    public async Task<IActionResult> Test([FromBody] WebhookDto hook)
    {
        var client = _factory.CreateClient();
        // ruleid: SSRF
        var request = new HttpRequestMessage(HttpMethod.Post, "") { RequestUri = new Uri(hook.Url) };
        // ok: SSRF
        var ping = new HttpRequestMessage { RequestUri = new Uri("https://hooks.example.com/ping") };
        await client.SendAsync(ping);
        return Ok(await client.SendAsync(request));
    }
}

public class CarrierController : Controller
{
    private const string ApiUrl = "https://api.carrier.example.com";
    private readonly HttpClient _http = new();

    [HttpGet]
    public async Task<IActionResult> Track(string number, string region)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, "");
        // ok: SSRF
        request.RequestUri = new Uri(ApiUrl + CarrierPaths.FormatPath("/v1/track/{0}/{1}", region, number));
        var shipment = await _http.SendAsync(request);
        // ruleid: SSRF
        var raw = await _http.GetStringAsync(CarrierPaths.FormatRaw("https://{0}.carrier.example.com/v1/track", region));
        return Ok(new { shipment.StatusCode, raw });
    }
}

public static class CarrierPaths
{
    // Every token is percent-encoded before it fills the template: `/`, `?`, `#` and `@` cannot move the request.
    public static string FormatPath(string path, params string[] tokens)
        => string.Format(path, tokens.Select(Uri.EscapeDataString).ToArray());

    public static string FormatRaw(string path, params string[] tokens)
        => string.Format(path, tokens);
}

// A local variable named like the property (`requestUri`, `baseAddress`) is not a request's URI:
// the request is where it is used.
public class AvatarController : Controller
{
    private readonly HttpClient _http = new();

    [HttpGet]
    public async Task<IActionResult> Avatar(string url, string size)
    {
        // ok: SSRF
        var requestUri = url.Trim() + "?s=" + size;
        // ruleid: SSRF
        var bytes = await _http.GetByteArrayAsync(requestUri);
        return File(bytes, "image/png");
    }

    [HttpGet]
    public async Task<IActionResult> Mirror(string host)
    {
        string baseAddress;
        // ok: SSRF
        baseAddress = "https://" + host;
        // ruleid: SSRF
        _http.BaseAddress = new Uri(baseAddress);
        return Ok(await _http.GetStringAsync("/status"));
    }

    private const string VerifyUrl =
        "https://captcha.example.com/verify?secret={0}&response={1}";

    [HttpPost]
    public async Task<IActionResult> Verify(string response, string callback)
    {
        // ok: SSRF
        var verified = await _http.GetStringAsync(string.Format(VerifyUrl, "k", response));
        // ruleid: SSRF
        var echoed = await _http.GetStringAsync(string.Format("{0}?r={1}", callback, response));
        return Ok(verified + echoed);
    }
}

// Checks of a URL prefix that ends at the host: `https://localhost.evil.example` passes them.
public class LocalProbeController : Controller
{
    private readonly HttpClient _http = new();

    [HttpGet]
    public async Task<IActionResult> Probe([FromQuery] string url)
    {
        if (System.Text.RegularExpressions.Regex.IsMatch(url, @"^https://localhost"))
        {
            // ruleid: SSRF
            return Ok(await _http.GetStringAsync(url));
        }
        if (System.Text.RegularExpressions.Regex.IsMatch(url, @"^https://localhost(:\d+)?/"))
        {
            // ok: SSRF
            return Ok(await _http.GetStringAsync(url));
        }
        return BadRequest();
    }

    [HttpGet]
    public async Task<IActionResult> Mirror([FromQuery] string url)
    {
        if (url.StartsWith("https://cdn.example.com"))
        {
            // ruleid: SSRF
            return Ok(await _http.GetByteArrayAsync(url));
        }
        if (url.StartsWith("https://cdn.example.com/"))
        {
            // ok: SSRF
            return Ok(await _http.GetByteArrayAsync(url));
        }
        return BadRequest();
    }
}
