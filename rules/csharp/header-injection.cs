// Downloads and images.
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
}
