// Catalogue and admin endpoints of an ASP.NET Core shop: user templates.
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

public static class MinimalApi
{
    public static void Map(WebApplication app)
    {
        app.MapGet("/api/template", (string body) =>
            // ruleid: TEMPLATE_INJECTION
            Scriban.Template.Parse(body).Render());
    }
}
