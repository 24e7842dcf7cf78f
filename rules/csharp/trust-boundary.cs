// Catalogue and admin endpoints of an ASP.NET Core shop: the session.
using System.Diagnostics;
using System.DirectoryServices;
using System.Net.Mime;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml;
using System.Xml.XPath;
using Dapper;
using Microsoft.AspNetCore.Mvc;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.Data.SqlClient;
using Microsoft.EntityFrameworkCore;
using MongoDB.Bson;

namespace Shop.Controllers;

[ApiController]
[Route("api/catalog")]
public class CatalogController : ControllerBase
{
    private readonly ShopDbContext _db;
    private readonly ILogger<CatalogController> _logger;
    private readonly XmlDocument _catalog = new();

    public CatalogController(ShopDbContext db, ILogger<CatalogController> logger)
    {
        _db = db;
        _logger = logger;
    }

    [HttpPost("feedback")]
    public IActionResult Feedback([FromForm] string email)
    {
        // ruleid: TRUST_BOUNDARY_VIOLATION
        HttpContext.Session.SetString("Email", email);
        return NoContent();
    }

    [HttpPost("sign-in/external")]
    public IActionResult ExternalSignIn(string returnUrl, string provider)
    {
        // Where the user wants to land after signing in: their own navigation, kept in their own session.
        // ok: TRUST_BOUNDARY_VIOLATION
        HttpContext.Session.SetString("PaymentProviderReturnUrl", returnUrl);
        // ok: TRUST_BOUNDARY_VIOLATION
        HttpContext.Session["ReturnTo"] = returnUrl;
        // ruleid: TRUST_BOUNDARY_VIOLATION
        HttpContext.Session.SetString("ExternalProvider", provider);
        // ruleid: TRUST_BOUNDARY_VIOLATION
        HttpContext.Session["UserRole"] = provider;
        return Challenge(provider);
    }

    [HttpPost("devices")]
    public IActionResult Device([FromForm] string deviceName, [FromForm] string sku, PlaybackState playback)
    {
        // ok: TRUST_BOUNDARY_VIOLATION
        playback.Session.DeviceName = deviceName;
        return Ok();
    }
}
