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

[ApiController]
[Route("api/contacts")]
public class ContactController : ControllerBase
{
    private const string SafePhone = @"^\+?\d{6,15}$";

    [HttpGet("check")]
    public IActionResult Check(string phone, string name)
    {
        string pattern = "^(\\d+)+$";
        // ruleid: REDOS
        var digits = Regex.Match(phone, pattern);
        // ruleid: REDOS
        var words = Regex.IsMatch(name, @"^(\w+\s?)*$");
        // ok: REDOS
        var bounded = Regex.IsMatch(name, @"^(\w+\s?)*$", RegexOptions.None, TimeSpan.FromMilliseconds(100));
        // ok: REDOS
        var plain = Regex.IsMatch(phone, SafePhone);
        // ok: REDOS
        var linear = Regex.IsMatch(name, "^[a-z]+(-[a-z]+)*$");
        return Ok(new { d = digits.Value, words, bounded, plain, linear });
    }
}
