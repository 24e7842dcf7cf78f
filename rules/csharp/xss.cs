// Pages.
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
    public IActionResult Hello([FromQuery] string name)
    {
        // ruleid: XSS
        return Content("<p>Hello " + name + "</p>", "text/html");
    }

    [HttpGet]
    public IActionResult Tagline([FromQuery] string tag)
    {
        // Only a tag holding "script" is replaced: any other comes through as the request sent it.
        if (tag.Contains("script")) tag = HtmlEncoder.Default.Encode(tag);
        // ruleid: XSS
        return Content("<p>" + tag + "</p>", "text/html");
    }

    [HttpGet]
    public IActionResult Badge([FromQuery] string tag)
    {
        if (tag.Contains("script")) tag = HtmlEncoder.Default.Encode(tag);
        else tag = "plain";
        // ok: XSS
        return Content("<p>" + tag + "</p>", "text/html");
    }

    [HttpGet]
    public IActionResult Opening([FromQuery] string at)
    {
        // A value parsed as a time is a time, whatever the request sent.
        var time = TimeOnly.Parse(at);
        // ok: XSS
        return Content("<p>Opening at " + time + "</p>", "text/html");
    }

    [HttpGet]
    public IActionResult HelloV2([FromQuery] string name)
    {
        // ok: XSS
        return Content("<p>Hello " + HtmlEncoder.Default.Encode(name) + "</p>", "text/html");
    }

    [HttpGet]
    public async Task Greet([FromQuery] string name)
    {
        // ruleid: XSS
        await Response.WriteAsync("<p>Hello " + name + "</p>");
    }

    [HttpGet]
    public async Task Echo([FromQuery] string text)
    {
        // Shown as text: a browser does not parse a text/plain body as HTML.
        Response.ContentType = "text/plain";
        // ok: XSS
        await Response.WriteAsync("You sent: " + text);
    }
}

// Results made by hand and minimal-API text results declared HTML.
public class CardsController : ControllerBase
{
    [HttpGet("card")]
    public IActionResult Card([FromQuery] string title)
    {
        // ruleid: XSS
        return new ContentResult { Content = "<h2>" + title + "</h2>", ContentType = "text/html" };
    }

    [HttpGet("card.json")]
    public IActionResult CardJson([FromQuery] string title)
    {
        // ok: XSS
        return new ContentResult { Content = "{\"title\":\"" + title + "\"}", ContentType = "application/json" };
    }

    [HttpGet("badge")]
    public IActionResult Badge([FromQuery] string label)
    {
        var result = new ContentResult();
        result.ContentType = "text/html";
        // ruleid: XSS
        result.Content = "<span>" + label + "</span>";
        // ok: XSS
        result.Content = "<span>" + HtmlEncoder.Default.Encode(label) + "</span>";
        return result;
    }

    public static void Map(WebApplication app)
    {
        app.MapGet("/banner", (string text) =>
            // ruleid: XSS
            Results.Text("<marquee>" + text + "</marquee>", "text/html"));
        app.MapGet("/banner.txt", (string text) =>
            // ok: XSS
            Results.Text("<marquee>" + text + "</marquee>", "text/plain"));
    }
}

/// <summary>Script tags of the site's bundles, under the path the application is mounted at.</summary>
public class BundleTags
{
    public IHtmlContent Script(HttpContext httpContext, string route)
    {
        var url = $"{httpContext.Request.PathBase}{route}";
        // ok: XSS
        return new HtmlString($"<script src=\"{url}\"></script>");
    }

    // The host name the browser connected to: a link cannot make a victim's browser send markup in it (a
    // host name holds letters, digits, dots and hyphens).
    public IHtmlContent Home(HttpContext httpContext)
    {
        var baseUrl = httpContext.Request.Scheme + "://" + httpContext.Request.Host.Host;
        // ok: XSS
        return new HtmlString($"<a href=\"{baseUrl}/\">Home</a>");
    }

    public IHtmlContent Canonical(HttpContext httpContext)
    {
        var url = $"{httpContext.Request.PathBase}{httpContext.Request.QueryString}";
        // ruleid: XSS
        return new HtmlString($"<link rel=\"canonical\" href=\"{url}\">");
    }
}

/// <summary>A sign-in button: the return address goes into the link as a route value, which the URL encoder escapes.</summary>
public class ExternalLoginButton : ViewComponent
{
    public IViewComponentResult Invoke()
    {
        var returnUrl = HttpContext.Request.Query["returnUrl"].ToString();
        var href = Url.Action("ExternalLogin", "Account", new { provider = "Apple", returnUrl });
        // ok: XSS
        return new HtmlContentViewComponentResult(new HtmlString($"<a href='{href}'>Sign in</a>"));
    }

    public IViewComponentResult Back()
    {
        var returnUrl = HttpContext.Request.Query["returnUrl"].ToString();
        // ruleid: XSS
        return new HtmlContentViewComponentResult(new HtmlString($"<a href='{returnUrl}'>Back</a>"));
    }

    public IViewComponentResult Asset()
    {
        // Url.Content only resolves `~/`: the rest of the path is not encoded.
        var file = HttpContext.Request.Query["file"].ToString();
        // ruleid: XSS
        return new HtmlContentViewComponentResult(new HtmlString($"<img src='{Url.Content("~/img/" + file)}'>"));
    }
}

// Endpoints written straight to the response, one registration per method (middleware-style services).
public class JobEndpoints
{
    private readonly IEndpointRouteBuilder _endpoints;

    public JobEndpoints(IEndpointRouteBuilder endpoints) => _endpoints = endpoints;

    private void Search()
    {
        _endpoints.MapGet("/api/jobs/search", async context =>
        {
            var keyword = context.Request.Query["q"].ToString();
            var jobs = JobStore.Search(keyword);
            // A JSON serialiser's output starts with `{`: no browser sniffs it as a page.
            // ok: XSS
            await context.Response.WriteAsync(JsonConvert.SerializeObject(new { Query = keyword, Jobs = jobs }));
        });
    }

    private void Validate()
    {
        _endpoints.MapPost("/api/jobs/validate", async context =>
        {
            var name = context.Request.Query["name"].ToString();
            var json = System.Text.Json.JsonSerializer.Serialize(new { Name = name, Valid = name.Length < 64 });
            // ok: XSS
            await context.Response.WriteAsync(json);
        });
    }

    private void Events()
    {
        _endpoints.MapGet("/api/jobs/{jobId}/events", async context =>
        {
            var jobId = context.Request.RouteValues["jobId"]?.ToString();
            context.Response.Headers["Content-Type"] = "text/event-stream";
            // An event stream is read by EventSource, never rendered.
            // ok: XSS
            await context.Response.WriteAsync($"data: {{\"job\": \"{jobId}\"}}\n\n");
        });
    }

    private void Widget()
    {
        _endpoints.MapGet("/jobs/widget", async context =>
        {
            var title = context.Request.Query["title"].ToString();
            // JSON text declared as a page: `</script><script>…` inside a string is markup again.
            context.Response.ContentType = "text/html";
            // ruleid: XSS
            await context.Response.WriteAsync(JsonConvert.SerializeObject(title));
        });
    }

    private void Greeting()
    {
        _endpoints.MapGet("/jobs/greeting", async context =>
        {
            var name = context.Request.Query["name"].ToString();
            // ruleid: XSS
            await context.Response.WriteAsync("<h1>" + name + "</h1>" + JsonConvert.SerializeObject(name));
        });
    }
}
