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
