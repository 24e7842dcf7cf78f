// Catalogue and admin endpoints of an ASP.NET Core shop: logs.
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
        // ruleid: LOG_INJECTION
        _logger.LogInformation("Feedback from " + email);
        // ok: LOG_INJECTION
        _logger.LogInformation("Feedback from {Email}", email.Replace("\n", string.Empty));
        return NoContent();
    }

    // A count is a number, whatever it counts.
    [HttpPost("tags")]
    public IActionResult Tags([FromForm] string[] tags, [FromForm] List<string> labels)
    {
        // ok: LOG_INJECTION
        _logger.LogInformation("Tagging with " + tags.Length + " tags and " + labels.Count + " labels");
        // ruleid: LOG_INJECTION
        _logger.LogInformation("First tag " + tags[0]);
        return NoContent();
    }

    [HttpPost("devices")]
    public IActionResult Device([FromForm] string deviceName, [FromForm] string sku, PlaybackState playback)
    {
        // ruleid: LOG_INJECTION
        Serilog.Log.Warning("Unknown device " + deviceName);
        // ok: LOG_INJECTION
        var problem = Results.Error("Unknown product " + sku);
        return Ok(problem);
    
    // Debug and trace levels are off in production (the templates' appsettings.json log Information and up):
    // a forged line there misleads nobody's audit.
    [HttpGet("route")]
    public IActionResult Route([FromQuery] string path)
    {
        // ok: LOG_INJECTION
        _logger.LogDebug("Resolving route " + path);
        // ok: LOG_INJECTION
        _logger.LogTrace($"Route {path} resolved");
        // ok: LOG_INJECTION
        Serilog.Log.Debug("Resolving " + path);
        // ok: LOG_INJECTION
        Serilog.Log.Verbose("Resolving " + path);
        // ruleid: LOG_INJECTION
        _logger.LogWarning("No route for " + path);
        return NoContent();
    }
}

// A service that logs what the payment gateway's callback sent: the query string as it arrived keeps its
// escapes (`%0D%0A`) and a header value ends where the HTTP parser ends the line; a value read out of the
// query is decoded.
public class PaymentCallbackService
{
    private readonly IHttpContextAccessor _httpContextAccessor;
    private readonly ILogger<PaymentCallbackService> _logger;

    public PaymentCallbackService(IHttpContextAccessor httpContextAccessor, ILogger<PaymentCallbackService> logger)
    {
        _httpContextAccessor = httpContextAccessor;
        _logger = logger;
    }

    public void Received()
    {
        var request = _httpContextAccessor.HttpContext.Request;
        // ok: LOG_INJECTION
        _logger.LogInformation($"callback query->{_httpContextAccessor.HttpContext.Request.QueryString}");
        // ok: LOG_INJECTION
        _logger.LogInformation("callback query " + request.QueryString.Value);
        // ok: LOG_INJECTION
        _logger.LogWarning("callback from agent " + request.Headers["User-Agent"]);
        // ok: LOG_INJECTION
        _logger.LogInformation("callback url " + request.GetEncodedUrl());
        // ruleid: LOG_INJECTION
        _logger.LogInformation("callback order " + request.Query["orderId"]);
        // ruleid: LOG_INJECTION
        _logger.LogInformation("callback path " + request.Path);
    }
}

// The same gateway on System.Web: the collection's entries are decoded.
public class LegacyCallbackController : System.Web.Mvc.Controller
{
    private static readonly log4net.ILog Log = log4net.LogManager.GetLogger(typeof(LegacyCallbackController));

    public System.Web.Mvc.ActionResult Notify()
    {
        // ruleid: LOG_INJECTION
        Log.Info("order " + Request.QueryString["orderId"]);
        // ruleid: LOG_INJECTION
        Log.Warn("state " + Request.QueryString.Get("state"));
        // ok: LOG_INJECTION
        Log.Info("query " + Request.QueryString);
        return Content("ok");
    }
}

// An admin area's controller: its base controller carries the administrators-only role check.
public class ImportController : BaseAdminController
{
    private readonly ILogger<ImportController> _logger;

    public ImportController(ILogger<ImportController> logger) => _logger = logger;

    [HttpPost("import")]
    public IActionResult Import([FromForm] string source)
    {
        // ok: LOG_INJECTION
        _logger.LogInformation("Import from " + source);
        return NoContent();
    }
}

public class ImportStatusController : BaseController
{
    private readonly ILogger<ImportStatusController> _logger;

    public ImportStatusController(ILogger<ImportStatusController> logger) => _logger = logger;

    [HttpPost("import-status")]
    public IActionResult Status([FromForm] string source)
    {
        // ruleid: LOG_INJECTION
        _logger.LogInformation("Status of " + source);
        return NoContent();
    }
}
