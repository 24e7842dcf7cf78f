// Pages, redirects and outgoing requests.
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

    [HttpPost]
    public IActionResult SignedIn(LoginModel model)
    {
        if (!ModelState.IsValid || string.IsNullOrEmpty(model.ReturnUrl))
            return RedirectToAction("Index");
        // ruleid: OPEN_REDIRECT
        return Redirect(model.ReturnUrl);
    }

    [HttpGet]
    public IActionResult Continue([FromQuery] string next)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect("https://" + next + "/welcome");
    }

    [HttpGet]
    public IActionResult Receipt(string orderId, [FromQuery] string tab)
    {
        // ok: OPEN_REDIRECT
        return Redirect("/orders/" + orderId + "?tab=" + tab);
    }

    [HttpGet]
    public async Task<IActionResult> Paid(string orderId)
    {
        // The merchant's stored return URL of the order the id selects.
        var order = await _orders.GetOrder(orderId);
        // ok: OPEN_REDIRECT
        return Redirect(order.ReturnUrl);
    }

    [HttpPost]
    public IActionResult Checkout(string orderId)
    {
        var link = Url.Action("Pay", "Checkout", new { orderId }, Request.Scheme);
        // ok: OPEN_REDIRECT
        return Redirect(link!);
    }

    [HttpGet]
    public IActionResult Export([FromQuery] string name)
    {
        // ruleid: HEADER_INJECTION
        Response.Headers["Content-Disposition"] = "attachment; filename=" + name;
        return Ok();
    }

    [HttpGet]
    public IActionResult Image([FromQuery] string tag)
    {
        // ok: HEADER_INJECTION
        Response.Headers.Append(HeaderNames.ETag, $"\"{tag}\"");
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

    [HttpPost]
    // ruleid: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult Delete(int id) => NoContent();

    [HttpGet]
    // ok: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult Labels() => Json(Array.Empty<string>());
}

public class StorefrontController : Controller
{
    // A public form posted from other sites: no signed-in user to act for.
    [HttpPost]
    // ok: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult Subscribe(string email) => Ok();

    [HttpPost]
    [Authorize(AuthenticationSchemes = "Bearer")]
    // ok: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult ApiOrder(string sku) => Ok();

    [HttpPost]
    [Authorize(Policy = "CanManageOrders")]
    // ruleid: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult CancelOrder(string orderId) => Ok();
}

[Authorize]
public class WebhooksController : Controller
{
    [HttpPost]
    [AllowAnonymous]
    // ok: CSRF
    [IgnoreAntiforgeryToken]
    public IActionResult Receive() => Ok();
}

public static class ShortLinks
{
    public static void Map(WebApplication app)
    {
        app.MapGet("/go", (string target, HttpResponse response) =>
        {
            // ruleid: OPEN_REDIRECT
            response.Redirect(target);
        });
        app.MapGet("/docs/{page}", (string page, HttpResponse response) =>
        {
            // ok: OPEN_REDIRECT
            response.Redirect($"/help/{page}");
        });
    }
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
