// Catalogue and admin endpoints of an ASP.NET Core shop: staff directory.
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

    [HttpGet("staff")]
    public IActionResult Staff([FromQuery] string user)
    {
        using var root = new DirectoryEntry("LDAP://dc.example.com/OU=Staff,DC=example,DC=com");
        // ruleid: LDAP_INJECTION
        using var searcher = new DirectorySearcher(root, "(&(objectClass=user)(sAMAccountName=" + user + "))");
        return Ok(searcher.FindOne()?.Path);
    }

    [HttpGet("staff/by-mail")]
    public IActionResult StaffByMail([FromQuery] string mail)
    {
        using var searcher = new DirectorySearcher(new DirectoryEntry("LDAP://dc.example.com"));
        // ruleid: LDAP_INJECTION
        searcher.Filter = $"(mail={mail})";
        return Ok(searcher.FindOne()?.Path);
    }

    [HttpGet("products/search")]
    public IActionResult SearchProducts([FromQuery] string text, ProductQuery query)
    {
        // ok: LDAP_INJECTION
        query.Filter = text;
        return Ok(query);
    }
}
