// Catalogue and admin endpoints of an ASP.NET Core shop: filters.
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

    [HttpGet("filter")]
    public IActionResult Filter([FromQuery] string pattern)
    {
        // ruleid: REDOS
        var regex = new Regex(pattern);
        // ok: REDOS
        var bounded = new Regex(pattern, RegexOptions.None, TimeSpan.FromMilliseconds(50));
        return Ok(new { a = regex.ToString(), b = bounded.ToString() });
    }
}
