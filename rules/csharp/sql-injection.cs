// Catalogue and admin endpoints of an ASP.NET Core shop: product queries.
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
using Microsoft.ApplicationBlocks.Data;
using MySql.Data.MySqlClient;
using System.Data;
using System.Data.OleDb;
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
        var text = $"SELECT * FROM Products WHERE Name LIKE '%{name}%'";
        // ruleid: SQL_INJECTION
        var legacy = _db.Products.FromSql(text).ToList();
        // ok: SQL_INJECTION
        var parameterised = _db.Products.FromSql($"SELECT * FROM Products WHERE Name = {name}").ToList();
        return Ok(new { raw, interpolated, legacy, parameterised });
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

    // A list of numbers bound from the query (`?brandIds=1&brandIds=2`) holds only numbers: the binder rejects
    // anything else, so joined into an IN list it carries no quote.
    [HttpGet("by-brands")]
    public async Task<IActionResult> ByBrands([FromQuery] HashSet<int>? brandIds, [FromQuery] long[] shopIds, [FromQuery] List<string> brands, SqlConnection conn)
    {
        // ok: SQL_INJECTION
        var byId = await conn.QueryAsync<Product>($"SELECT * FROM Products WHERE BrandId IN ({string.Join(",", brandIds)})");
        // ok: SQL_INJECTION
        var byShop = await conn.QueryAsync<Product>("SELECT * FROM Products WHERE ShopId IN (" + string.Join(",", shopIds) + ")");
        // ruleid: SQL_INJECTION
        var byName = await conn.QueryAsync<Product>($"SELECT * FROM Products WHERE Brand IN ('{string.Join("','", brands)}')");
        return Ok(new { byId, byShop, byName });
    }

    [HttpGet("report")]
    public IActionResult Report([FromQuery] string region, [FromQuery] string status)
    {
        var connectionString = Environment.GetEnvironmentVariable("REPORTS_DB");
        using var conn = new MySqlConnection(connectionString);
        var sales = new DataTable();
        // ruleid: SQL_INJECTION
        using var adapter = new MySqlDataAdapter("SELECT * FROM Sales WHERE Region = '" + region + "'", conn);
        adapter.Fill(sales);
        var legacy = new DataSet();
        // ruleid: SQL_INJECTION
        new OleDbDataAdapter($"SELECT * FROM Orders WHERE Status = '{status}'", connectionString).Fill(legacy);
        // ok: SQL_INJECTION
        using var bound = new MySqlDataAdapter("SELECT * FROM Sales WHERE Region = @region", conn);
        bound.SelectCommand.Parameters.AddWithValue("@region", region);
        // ruleid: SQL_INJECTION
        var totals = MySqlHelper.ExecuteDataset(connectionString, "SELECT SUM(Amount) FROM Sales WHERE Region = '" + region + "'");
        // ruleid: SQL_INJECTION
        using var reader = MySqlHelper.ExecuteReader(connectionString, $"SELECT * FROM Orders WHERE Status = '{status}'");
        // ruleid: SQL_INJECTION
        MySqlHelper.ExecuteNonQuery(connectionString, "DELETE FROM Drafts WHERE Region = '" + region + "'");
        // ok: SQL_INJECTION
        var count = MySqlHelper.ExecuteScalar(connectionString, "SELECT COUNT(*) FROM Orders WHERE Status = @status", new MySqlParameter("@status", status));
        // ruleid: SQL_INJECTION
        var archived = SqlHelper.ExecuteDataset(connectionString, CommandType.Text, "SELECT * FROM Archive WHERE Region = '" + region + "'");
        // ok: SQL_INJECTION
        var stored = SqlHelper.ExecuteDataset(connectionString, "GetArchive", region);
        return Ok(new { sales, legacy, totals, count, archived, stored });
    }

    [HttpGet("{id:int}")]
    public IActionResult Get(int id, SqlConnection conn)
    {
        // ok: SQL_INJECTION
        using var cmd = new SqlCommand("SELECT * FROM Products WHERE Id = " + id, conn);
        return Ok();
    }
}

// ADO.NET filter expressions over in-memory tables: the text is parsed as a WHERE-like expression.
public class AccountLookupController : Controller
{
    private readonly DataSet _accounts = new();

    [HttpPost]
    public IActionResult SignIn([FromBody] Credentials creds)
    {
        // ruleid: SQL_INJECTION
        var rows = _accounts.Tables[0].Select("Hash = '" + creds.Hash + "' and Login = '" + creds.Login + "'");
        // ok: SQL_INJECTION
        var names = _accounts.Tables[0].AsEnumerable().Select(r => r.Field<string>("Login") == creds.Login);
        return Ok(rows.Length > 0 && names.Any());
    }

    [HttpGet]
    public IActionResult Filter([FromQuery] string region)
    {
        var dt = new DataTable("customers");
        var view = new DataView(dt);
        // ruleid: SQL_INJECTION
        view.RowFilter = $"Region = '{region}'";
        // ruleid: SQL_INJECTION
        var total = dt.Compute("Sum(Amount)", "Region = '" + region + "'");
        // ok: SQL_INJECTION
        var fixedRows = dt.Select("Region = 'EU'");
        return Ok(new { view.Count, total, fixedRows });
    }
}

public class Credentials
{
    public string Login { get; set; }
    public string Hash { get; set; }
}
