using System.Collections.Generic;
using System.Data.SqlClient;
using Microsoft.AspNetCore.Mvc;

namespace Blog.Controllers;

public class Blab
{
    public int Id { get; set; }
    public string Content { get; set; }
}

public class FeedViewModel
{
    public List<Blab> Blabs { get; set; }
    public string Heading { get; set; }
}

// Users post blabs; the feed lists what everyone posted, read back with ADO.NET.
public class BlabsController : Controller
{
    private readonly SqlConnection _connection;

    public BlabsController(SqlConnection connection)
    {
        _connection = connection;
    }

    [ActionName("Feed"), HttpPost]
    public IActionResult PostFeed(string blab)
    {
        var insert = _connection.CreateCommand();
        insert.CommandText = "INSERT INTO blabs (content) VALUES (@content)";
        insert.Parameters.AddWithValue("@content", blab);
        insert.ExecuteNonQuery();
        return RedirectToAction("Feed");
    }

    // The view is the action's name (Feed), not the method's.
    [ActionName("Feed"), HttpGet]
    public IActionResult GetFeed()
    {
        var blabs = new List<Blab>();
        var select = _connection.CreateCommand();
        select.CommandText = "SELECT id, content FROM blabs";
        using (var reader = select.ExecuteReader())
        {
            while (reader.Read())
            {
                blabs.Add(new Blab { Id = reader.GetInt32(0), Content = reader.GetString(1) });
            }
        }
        return View(new FeedViewModel { Blabs = blabs, Heading = "Feed" });
    }
}
