// Catalogue and admin endpoints of an ASP.NET Core shop: catalogue XML.
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

    [HttpGet("price")]
    public IActionResult Price([FromQuery] string sku)
    {
        // ruleid: XPATH_INJECTION
        var node = _catalog.SelectSingleNode("//product[@sku='" + sku + "']");
        // ok: XPATH_INJECTION
        var all = _catalog.SelectNodes("//product");
        return Ok(new { node, all });
    }

    [HttpGet("count")]
    public IActionResult Count([FromQuery] string category, [FromQuery] string formula, IPriceCalculator calculator)
    {
        var navigator = _catalog.CreateNavigator()!;
        // ruleid: XPATH_INJECTION
        var count = navigator.Evaluate("count(//product[@category='" + category + "'])");
        // ok: XPATH_INJECTION
        var price = calculator.Evaluate("base * " + formula);
        return Ok(new { count, price });
    }
}
