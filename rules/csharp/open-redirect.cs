// Redirects.
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
    public IActionResult Back(string returnUrl)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect(returnUrl);
    }

    [HttpGet]
    public IActionResult Docs(string page)
    {
        var target = "/docs/";
        target += page;
        // ok: OPEN_REDIRECT
        return Redirect(target);
    }

    [HttpGet]
    public IActionResult DocsAnywhere(string page)
    {
        var target = "";
        target += page;
        // ruleid: OPEN_REDIRECT
        return Redirect(target);
    }

    [HttpPost]
    public IActionResult Broadcast()
    {
        var returnUrl = this.HttpContext.Request.Query["returnUrl"].FirstOrDefault();
        if (returnUrl is not null)
        {
            // ruleid: OPEN_REDIRECT
            return Redirect(returnUrl);
        }
        return RedirectToAction("Index");
    }

    [HttpGet]
    public IActionResult BackToAllowedHost(string returnUrl, [FromServices] IUrlPolicy policy)
    {
        if (policy.IsAllowedHost(returnUrl))
        {
            // ok: OPEN_REDIRECT
            return Redirect(returnUrl);
        }
        return Redirect("~/");
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

    // `~/` is the application's root (MVC resolves it as Url.Content does): a fixed page under it, the request's
    // value only in its query, stays on the site. A value right after `~/` could start with `/` and name a host.
    [HttpPost]
    public IActionResult LoginFailed([FromQuery] string returnUrl, [FromQuery] string area)
    {
        if (area == "admin")
        {
            // ruleid: OPEN_REDIRECT
            return Redirect($"~/{returnUrl}");
        }
        // ok: OPEN_REDIRECT
        return Redirect($"~/login?returnUrl={returnUrl}&loginFailed=true");
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

// A configured base, then a literal path segment: the request's part only fills the path, with or without a base.
public class BoardsController : Controller
{
    private readonly string _urlBase = Environment.GetEnvironmentVariable("URL_BASE") ?? "";

    public IActionResult Show(string slug)
    {
        // ok: OPEN_REDIRECT
        return Redirect($"{_urlBase}/boards/{slug}");
    }

    public IActionResult Jump(string slug)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect($"{_urlBase}/{slug}");
    }

    // The request's own query string carried over after the `?` or `&` of a fixed target: it only fills the
    // query, the scheme and host stay the target's.
    public IActionResult Moved()
    {
        var target = _urlBase;
        target += "?";
        target += Request.QueryString.Value.Substring(1);
        // ok: OPEN_REDIRECT
        return RedirectPermanent(target);
    }

    public IActionResult Carry(string page)
    {
        // ok: OPEN_REDIRECT
        return Redirect(_urlBase + "?page=" + page);
        // ruleid: OPEN_REDIRECT
        return Redirect(page + "?from=boards");
    }
}

public class LocationController : Controller
{
    [HttpGet("moved")]
    public IActionResult Moved([FromQuery] string to)
    {
        Response.StatusCode = 302;
        // ruleid: OPEN_REDIRECT
        Response.Headers["Location"] = to;
        // ruleid: OPEN_REDIRECT
        Response.Headers.Location = to;
        // ok: OPEN_REDIRECT
        Response.Headers["X-Requested-Target"] = to;
        // ok: OPEN_REDIRECT
        Response.Headers.Location = "/orders/" + to;
        return new EmptyResult();
    }
}

// PathBase is where the application is mounted, not a value a link chooses; the path after it is.
public sealed class SetupMiddleware(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        if (context.Request.Query.ContainsKey("setup"))
        {
            var url = context.Request.PathBase.Add("/identity-server/setup");
            // ok: OPEN_REDIRECT
            context.Response.Redirect(url);
            return;
        }
        if (context.Request.Query.ContainsKey("again"))
        {
            // ruleid: OPEN_REDIRECT
            context.Response.Redirect(context.Request.PathBase + context.Request.Path);
            return;
        }
        await next(context);
    }
}

// The HTTPS upgrade keeps the Host the browser asked for and the requested path and query.
public sealed class HttpsUpgradeMiddleware(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        if (!context.Request.IsHttps)
        {
            // ok: OPEN_REDIRECT
            context.Response.Redirect($"https://{context.Request.Host}{context.Request.PathBase}{context.Request.Path}{context.Request.QueryString}", permanent: true);
            return;
        }
        if (context.Request.Query.ContainsKey("to"))
        {
            // ruleid: OPEN_REDIRECT
            context.Response.Redirect($"https://{context.Request.Host}{context.Request.Query["to"]}");
            return;
        }
        await next(context);
    }
}

// Back to the site the browser asked for, by the Host it sent (a DNS-over-HTTPS endpoint sending browsers to its
// home page): a link cannot make another client's browser send a different Host.
public sealed class DohLandingMiddleware(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        HttpRequest request = context.Request;
        if (!request.Query.ContainsKey("dns"))
        {
            // ok: OPEN_REDIRECT
            context.Response.Redirect((request.IsHttps ? "https://" : "http://") + request.Headers.Host);
            return;
        }
        if (request.Query.ContainsKey("home"))
        {
            // ok: OPEN_REDIRECT
            context.Response.Redirect("https://" + request.Host.Value + "/");
            return;
        }
        if (request.Query.ContainsKey("tls"))
        {
            // ok: OPEN_REDIRECT
            context.Response.Redirect("https://" + (request.Host.HasValue ? request.Host.Host : "localhost") + ":" + 443);
            return;
        }
        if (request.Query.ContainsKey("next"))
        {
            // ruleid: OPEN_REDIRECT
            context.Response.Redirect("https://" + request.Host + request.Query["next"]);
            return;
        }
        await next(context);
    }
}

// Back to the request's own absolute URL: the scheme and Host the browser sent, then its path and query.
public sealed class RetryMiddleware(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        if (context.Request.Query.ContainsKey("retry"))
        {
            // ok: OPEN_REDIRECT
            context.Response.Redirect(context.Request.GetDisplayUrl());
            return;
        }
        if (context.Request.Query.ContainsKey("again"))
        {
            // ok: OPEN_REDIRECT
            context.Response.Redirect(context.Request.GetEncodedUrl() + "#retry");
            return;
        }
        await next(context);
    }
}

// Routed by convention: every public instance method is an action; helpers are not routed.
public class LinksController : Controller
{
    public IActionResult Go(string url)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect(url);
    }

    protected IActionResult RedirectToReferrer(string fallbackUrl)
    {
        // ok: OPEN_REDIRECT
        return Redirect(fallbackUrl);
    }

    [NonAction]
    public IActionResult Bounce(string target)
    {
        // ok: OPEN_REDIRECT
        return Redirect(target);
    }

    private static IActionResult Away(string target)
    {
        // ok: OPEN_REDIRECT
        return Redirect(target);
    }
}
