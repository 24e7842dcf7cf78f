// Catalogue and admin endpoints of an ASP.NET Core shop: saved products and reviews.
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

    [HttpPost("newsletter")]
    public async Task<IActionResult> Subscribe(string email, int storeId)
    {
        var subscription = await _db.Subscriptions.FirstOrDefaultAsync(x => x.Email == email);
        if (subscription == null)
        {
            // A target-typed `new()` built field by field, like `new Review { … }`.
            subscription = new()
            {
                Email = email.Trim(),
                Active = false,
                StoreId = storeId,
            };
            // ok: MASS_ASSIGNMENT
            _db.Subscriptions.Add(subscription);
        }
        await _db.SaveChangesAsync();
        return NoContent();
    }

    [HttpPost("orders/{id:int}/shipments")]
    public async Task<IActionResult> Ship(int id, [FromForm] ShipmentInput input)
    {
        var order = await _db.Orders.FindAsync(id);
        // Declared empty, then built field by field on the first item: the server decides each property.
        Shipment shipment = null;
        foreach (var item in order!.Items)
        {
            if (shipment == null)
            {
                shipment = new()
                {
                    OrderId = order.Id,
                    TrackingNumber = input.TrackingNumber.Trim(),
                    CreatedOnUtc = DateTime.UtcNow,
                };
            }
            shipment.Items.Add(new() { OrderItemId = item.Id });
        }
        if (shipment != null)
        {
            // ok: MASS_ASSIGNMENT
            _db.Shipments.Add(shipment);
        }
        Product product = null;
        if (input.Replace)
        {
            product = input.Product;
        }
        // ruleid: MASS_ASSIGNMENT
        _db.Products.Add(product);
        await _db.SaveChangesAsync();
        return NoContent();
    }

    [HttpPost("products/import")]
    public async Task<IActionResult> Import([FromBody] Product posted, bool replace)
    {
        Product product = new();
        if (replace)
        {
            product = posted;
        }
        // ruleid: MASS_ASSIGNMENT
        _db.Products.Add(product);
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

    // A context opened in the action itself (`using var dbContext = new ShopDbContext()`), named as EF's own type.
    [HttpPost("customers")]
    public async Task<IActionResult> Register([FromForm] Customer customer)
    {
        using var dbContext = new ShopDbContext();
        // ruleid: MASS_ASSIGNMENT
        dbContext.Customers.Add(customer);
        await dbContext.SaveChangesAsync();
        return NoContent();
    }
}
