using System.Collections.Generic;
using Microsoft.Data.Sqlite;

namespace Links.Api.Services;

public interface ILinkStore
{
    string Resolve(string code);
    void Add(string title, string url);
    List<string> Search(string q, int page);
}

public class LinkStore : ILinkStore
{
    private static readonly Dictionary<string, string> Known = new()
    {
        ["docs"] = "https://docs.example.org/",
        ["home"] = "/",
    };

    public string Resolve(string code) => Known.TryGetValue(code, out var url) ? url : "/";

    public void Add(string title, string url)
    {
        using var conn = new SqliteConnection("Data Source=links.db");
        conn.Open();
        var cmd = conn.CreateCommand();
        // ok: SQL_INJECTION
        cmd.CommandText = "INSERT INTO links (title, url) VALUES ($title, $url)";
        cmd.Parameters.AddWithValue("$title", title);
        cmd.Parameters.AddWithValue("$url", url);
        cmd.ExecuteNonQuery();
    }

    public List<string> Search(string q, int page)
    {
        var titles = new List<string>();
        using var conn = new SqliteConnection("Data Source=links.db");
        conn.Open();
        var cmd = conn.CreateCommand();
        // ruleid: SQL_INJECTION
        cmd.CommandText = "SELECT title FROM links WHERE title LIKE '%" + q + "%' LIMIT 20 OFFSET " + page * 20;
        using var reader = cmd.ExecuteReader();
        while (reader.Read()) titles.Add(reader.GetString(0));
        return titles;
    }
}
