// Catalogue and admin endpoints of an ASP.NET Core shop: handlers and sorting chosen by name.
using System.Diagnostics;
using System.DirectoryServices;
using System.Net.Mime;
using System.Reflection;
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

    [HttpPost("run")]
    public IActionResult Run([FromForm] string handler)
    {
        // ruleid: UNSAFE_REFLECTION
        var instance = Activator.CreateInstance(Type.GetType(handler)!);
        // ok: UNSAFE_REFLECTION
        var known = Activator.CreateInstance(typeof(DailyReport));
        return Ok(new { instance, known });
    }

    [HttpGet("sorted")]
    public IActionResult Sorted([FromQuery] string sort, [FromQuery] string field, [FromBody] JsonElement body)
    {
        // A public property chosen by name reads the product's own data (sorting by a column).
        // ok: UNSAFE_REFLECTION
        var property = typeof(Product).GetProperty(sort);
        // ok: UNSAFE_REFLECTION
        var value = body.GetProperty(field);
        // ruleid: UNSAFE_REFLECTION
        var hidden = typeof(Product).GetField(field, BindingFlags.NonPublic | BindingFlags.Instance);
        // ruleid: UNSAFE_REFLECTION
        var method = typeof(Product).GetMethod(sort);
        return Ok(new { property?.Name, value, hidden?.Name, method?.Name });
    }

    [HttpPatch("products/{id:int}")]
    public async Task<IActionResult> Fulfil(int id)
    {
        var product = await _db.Products.FindAsync(id);
        var entityType = product!.GetType();
        foreach (var pair in Request.Query)
        {
            var name = pair.Key + "Id";
            // ok: UNSAFE_REFLECTION
            var prop = entityType.GetProperty(name);
            if (prop != null && prop.PropertyType == typeof(int))
            {
                prop.SetValue(product, int.Parse(pair.Value.ToString()));
            }
        }
        return NoContent();
    }

    [HttpPost("run-typed")]
    public IActionResult RunTyped([FromForm] string handler)
    {
        // ruleid: UNSAFE_REFLECTION
        Type type = Type.GetType(handler)!;
        // ok: UNSAFE_REFLECTION
        var instance = Activator.CreateInstance(type);
        return Ok(new { instance });
    }

    [HttpPost("copy")]
    public IActionResult Copy([FromBody] ProductInput input)
    {
        // The bound object's own type and its property names are the code's, not the request's.
        return Ok(CopyTo(input, typeof(Product)));
    }

    private static object? CopyTo(object from, Type toType)
    {
        var fromType = from.GetType();
        // ok: UNSAFE_REFLECTION
        var to = Activator.CreateInstance(fromType);
        foreach (var property in fromType.GetProperties())
        {
            // ok: UNSAFE_REFLECTION
            var target = toType.GetProperty(property.Name);
            target?.SetValue(to, property.GetValue(from));
        }
        return to;
    }

    [HttpPost("import")]
    public IActionResult Import()
    {
        // The document holds what Load read from the request body.
        var document = new XmlDocument();
        document.Load(Request.Body);
        var types = new List<Type>();
        foreach (XmlElement item in document.SelectNodes("Entities/Entity")!)
        {
            // ruleid: UNSAFE_REFLECTION
            types.Add(Type.GetType(item.GetAttribute("Type"))!);
        }
        var catalog = new XmlDocument();
        catalog.Load("catalog.xml");
        // ok: UNSAFE_REFLECTION
        var known = Type.GetType(catalog.DocumentElement!.GetAttribute("Type"));
        return Ok(new { types.Count, known });
    }
}
