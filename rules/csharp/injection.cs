// Catalogue and admin endpoints of an ASP.NET Core shop.
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

    [HttpGet("search")]
    public async Task<IActionResult> Search([FromQuery] string name, SqlConnection conn)
    {
        // ruleid: SQL_INJECTION
        using var cmd = new SqlCommand("SELECT * FROM Products WHERE Name = '" + name + "'", conn);
        // ok: SQL_INJECTION
        using var safe = new SqlCommand("SELECT * FROM Products WHERE Name = @name", conn);
        safe.Parameters.AddWithValue("@name", name);
        // ruleid: SQL_INJECTION
        var raw = await _db.Products.FromSqlRaw($"SELECT * FROM Products WHERE Name = '{name}'").ToListAsync();
        // ok: SQL_INJECTION
        var interpolated = await _db.Products.FromSqlInterpolated($"SELECT * FROM Products WHERE Name = {name}").ToListAsync();
        return Ok(new { raw, interpolated });
    }

    [HttpGet("by-brand")]
    public async Task<IActionResult> ByBrand([FromQuery] string brand, SqlConnection conn)
    {
        // ruleid: SQL_INJECTION
        var products = await conn.QueryAsync<Product>("SELECT * FROM Products WHERE Brand = '" + brand + "'");
        // ok: SQL_INJECTION
        var safe = await conn.QueryAsync<Product>("SELECT * FROM Products WHERE Brand = @brand", new { brand });
        return Ok(new { products, safe });
    }

    [HttpGet("{id:int}")]
    public IActionResult Get(int id, SqlConnection conn)
    {
        // ok: SQL_INJECTION
        using var cmd = new SqlCommand("SELECT * FROM Products WHERE Id = " + id, conn);
        return Ok();
    }

    [HttpGet("reviews")]
    public IActionResult Reviews([FromQuery] string author)
    {
        // ruleid: NOSQL_INJECTION
        var filter = BsonDocument.Parse("{ author: '" + author + "' }");
        return Ok(filter);
    }

    [HttpPost("convert")]
    public IActionResult Convert([FromForm] string file)
    {
        // ruleid: COMMAND_INJECTION
        using var process = Process.Start("/bin/sh", "-c \"convert " + file + " out.png\"");
        var psi = new ProcessStartInfo("convert");
        psi.ArgumentList.Add(file);
        // ok: COMMAND_INJECTION
        using var safe = Process.Start(psi);
        return Ok();
    }

    [HttpPost("build")]
    public IActionResult Build([FromForm] string branch, [FromForm] string script)
    {
        var psi = new ProcessStartInfo
        {
            // ruleid: COMMAND_INJECTION
            Arguments = "log --oneline " + branch,
            FileName = "git",
        };
        // ruleid: COMMAND_INJECTION
        using var process = Process.Start(psi);
        // ok: CODE_INJECTION
        var outline = CSharpSyntaxTree.ParseText(script).GetRoot().DescendantNodes().Count();
        var tree = CSharpSyntaxTree.ParseText(script);
        // ruleid: CODE_INJECTION
        var compilation = CSharpCompilation.Create("UserScript", new[] { tree });
        return Ok(new { outline, compilation.AssemblyName });
    }

    [HttpGet("export")]
    public IActionResult Export([FromQuery] string name, ExportViewModel vm)
    {
        // ok: COMMAND_INJECTION
        var disposition = new ContentDisposition { FileName = name + ".csv", Inline = false };
        // ok: COMMAND_INJECTION
        vm.FileName = name;
        // ok: HEADER_INJECTION
        Response.Headers.Append("Content-Disposition", disposition.ToString());
        return View(vm);
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
        // ruleid: UNSAFE_REFLECTION
        var property = typeof(Product).GetProperty(sort);
        // ok: UNSAFE_REFLECTION
        var value = body.GetProperty(field);
        return Ok(new { property?.Name, value });
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

    [HttpGet("filter")]
    public IActionResult Filter([FromQuery] string pattern)
    {
        // ruleid: REDOS
        var regex = new Regex(pattern);
        // ok: REDOS
        var bounded = new Regex(pattern, RegexOptions.None, TimeSpan.FromMilliseconds(50));
        return Ok(new { a = regex.ToString(), b = bounded.ToString() });
    }

    [HttpPost("feedback")]
    public IActionResult Feedback([FromForm] string email)
    {
        // ruleid: LOG_INJECTION
        _logger.LogInformation("Feedback from " + email);
        // ok: LOG_INJECTION
        _logger.LogInformation("Feedback from {Email}", email.Replace("\n", string.Empty));
        // ruleid: TRUST_BOUNDARY_VIOLATION
        HttpContext.Session.SetString("Email", email);
        return NoContent();
    }

    [HttpPost("devices")]
    public IActionResult Device([FromForm] string deviceName, [FromForm] string sku, PlaybackState playback)
    {
        // ok: TRUST_BOUNDARY_VIOLATION
        playback.Session.DeviceName = deviceName;
        // ruleid: LOG_INJECTION
        Serilog.Log.Warning("Unknown device " + deviceName);
        // ok: LOG_INJECTION
        var problem = Results.Error("Unknown product " + sku);
        return Ok(problem);
    }

    [HttpPut("products")]
    public async Task<IActionResult> Save([FromBody] Product product)
    {
        // ruleid: MASS_ASSIGNMENT
        _db.Products.Update(product);
        await _db.SaveChangesAsync();
        return NoContent();
    }

    [HttpPost("products/{sku}/reviews")]
    public async Task<IActionResult> Review(string sku, [FromBody] ReviewInput input)
    {
        // The server decides every field of the entity it adds.
        var review = new Review { ProductSku = sku, Stars = input.Stars, Text = input.Text, Approved = false };
        // ok: MASS_ASSIGNMENT
        _db.Reviews.Add(review);
        await _db.SaveChangesAsync();
        return NoContent();
    }

    [HttpPost("products/{id:int}/edit")]
    public async Task<IActionResult> Edit(int id)
    {
        var product = await _db.Products.FindAsync(id);
        // ruleid: MASS_ASSIGNMENT
        await TryUpdateModelAsync(product!);
        // ok: MASS_ASSIGNMENT
        await TryUpdateModelAsync(product!, "", p => p.Name, p => p.Description);
        await _db.SaveChangesAsync();
        return NoContent();
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

public static class MinimalApi
{
    public static void Map(WebApplication app)
    {
        app.MapGet("/api/eval", async (string code) =>
            // ruleid: CODE_INJECTION
            await Microsoft.CodeAnalysis.CSharp.Scripting.CSharpScript.EvaluateAsync<int>(code));
        app.MapGet("/api/template", (string body) =>
            // ruleid: TEMPLATE_INJECTION
            Scriban.Template.Parse(body).Render());
    }
}
