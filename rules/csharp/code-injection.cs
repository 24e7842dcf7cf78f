// Catalogue and admin endpoints of an ASP.NET Core shop: user scripts.
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

    [HttpPost("build")]
    public IActionResult Build([FromForm] string branch, [FromForm] string script)
    {
        // ok: CODE_INJECTION
        var outline = CSharpSyntaxTree.ParseText(script).GetRoot().DescendantNodes().Count();
        var tree = CSharpSyntaxTree.ParseText(script);
        // ruleid: CODE_INJECTION
        var compilation = CSharpCompilation.Create("UserScript", new[] { tree });
        return Ok(new { outline, compilation.AssemblyName });
    }
}

public static class MinimalApi
{
    public static void Map(WebApplication app)
    {
        app.MapGet("/api/eval", async (string code) =>
            // ruleid: CODE_INJECTION
            await Microsoft.CodeAnalysis.CSharp.Scripting.CSharpScript.EvaluateAsync<int>(code));
    }
}
