// Forms without antiforgery tokens.
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

// A Web API base controller: its scheme reads API credentials from the Authorization header, which a
// cross-site form cannot send.
// ok: CSRF
[Authorize(AuthenticationSchemes = "Api"), IgnoreAntiforgeryToken]
public abstract class ApiEntityController : Controller
{
    [HttpPost]
    public IActionResult Create(string name) => Ok();
}

// ruleid: CSRF
[Authorize(AuthenticationSchemes = "Identity.Application"), IgnoreAntiforgeryToken]
public class AccountSettingsController : Controller
{
    [HttpPost]
    public IActionResult Save(string name) => Ok();
}

// An exempted action that only computes a value from its arguments and returns it changes nothing, and a
// cross-site page cannot read the answer; one that hands the values to a call that changes them stays reported.
[Authorize]
public class PricesController : Controller
{
    private readonly IPriceFormatter _formatter;
    private readonly ILabelStore _labels;

    public PricesController(IPriceFormatter formatter, ILabelStore labels)
    {
        _formatter = formatter;
        _labels = labels;
    }

    [HttpPost("prices/format")]
    // ok: CSRF
    [IgnoreAntiforgeryToken]
    public string FormatPrice([FromBody] PriceRequest req) => _formatter.Format(req?.Amount ?? 0m, req?.Currency ?? "USD");

    [HttpPost("labels/{id}/rename")]
    // ruleid: CSRF
    [IgnoreAntiforgeryToken]
    public string RenameLabel(string id, string name) => _labels.Rename(id, name);

    [HttpPost("labels/{id}/touch")]
    // ruleid: CSRF
    [IgnoreAntiforgeryToken]
    public string TouchLabel(string id) => _labels.Last = id;
}
