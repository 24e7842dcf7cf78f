// Pages, redirects and outgoing requests.
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Mvc;

namespace Shop.Controllers;

public class PagesController : Controller
{
    private readonly HttpClient _http = new();

    [HttpGet]
    public IActionResult Hello([FromQuery] string name)
    {
        // ruleid: XSS
        return Content("<p>Hello " + name + "</p>", "text/html");
    }

    [HttpGet]
    public IActionResult HelloV2([FromQuery] string name)
    {
        // ok: XSS
        return Content("<p>Hello " + HtmlEncoder.Default.Encode(name) + "</p>", "text/html");
    }

    [HttpGet]
    public IActionResult Back(string returnUrl)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect(returnUrl);
    }

    [HttpGet]
    public IActionResult BackV2(string returnUrl)
    {
        // ok: OPEN_REDIRECT
        return LocalRedirect(returnUrl);
    }

    [HttpGet]
    public IActionResult Export([FromQuery] string name)
    {
        // ruleid: HEADER_INJECTION
        Response.Headers["Content-Disposition"] = "attachment; filename=" + name;
        return Ok();
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

    [HttpPost]
    // ruleid: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult Delete(int id) => NoContent();
}

public static class Cors
{
    public static void Configure(IServiceCollection services)
    {
        services.AddCors(options =>
        {
            // ruleid: CORS_MISCONFIGURATION
            options.AddPolicy("app", p => p.SetIsOriginAllowed(_ => true).AllowCredentials());
            // ok: CORS_MISCONFIGURATION
            options.AddPolicy("partners", p => p.WithOrigins("https://partner.example.com").AllowCredentials());
        });
    }
}
