using System.IO;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Links.Api.Services;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton<ILinkStore, LinkStore>();
var app = builder.Build();

const string ExportRoot = "/srv/links/exports";

app.MapGet("/go/{code}", (string code, ILinkStore store) =>
{
    var target = store.Resolve(code);
    // ok: OPEN_REDIRECT
    return Results.Redirect(target);
});

app.MapGet("/out", (string url) =>
{
    // ruleid: OPEN_REDIRECT
    return Results.Redirect(url);
});

app.MapGet("/out/local", (string path) =>
{
    // ok: OPEN_REDIRECT
    return Results.LocalRedirect(path);
});

app.MapGet("/preview", (string title) =>
{
    // ruleid: XSS
    return Results.Content("<h1>" + title + "</h1>", "text/html");
});

app.MapGet("/preview/safe", (string title) =>
{
    // ok: XSS
    return Results.Content("<h1>" + WebUtility.HtmlEncode(title) + "</h1>", "text/html");
});

app.MapGet("/preview.txt", (string title) =>
{
    // ok: XSS
    return Results.Text("Title: " + title, "text/plain");
});

app.MapGet("/exports/{name}", (string name) =>
{
    // ruleid: PATH_TRAVERSAL
    return Results.File(Path.Combine(ExportRoot, name), "text/csv");
});

app.MapGet("/exports/raw/{name}", (string name) =>
{
    // ruleid: PATH_TRAVERSAL
    return Results.PhysicalFile(ExportRoot + "/" + name);
});

app.MapGet("/exports/safe/{name}", (string name) =>
{
    // ok: PATH_TRAVERSAL
    return TypedResults.PhysicalFile(Path.Combine(ExportRoot, Path.GetFileName(name)), "text/csv");
});

app.MapPost("/links", (LinkRequest request, ILinkStore store, ILogger<LinkStore> logger) =>
{
    // ruleid: LOG_INJECTION
    logger.LogInformation("New link " + request.Title);
    store.Add(request.Title, request.Url);
    return Results.Created("/links", null);
});

app.MapGet("/links/search", (int page, HttpRequest req, ILinkStore store) =>
{
    return store.Search(req.Query["q"], page);
});

app.MapGet("/links/legacy", (HttpResponse response, string back) =>
{
    // ruleid: OPEN_REDIRECT
    response.Redirect(back);
});

// An upload bound to an IFormFile parameter (ASP.NET Core's, aspnetcore-mvc.yaml).
app.MapPost("/icons", async (IFormFile icon) =>
{
    // ruleid: UNSAFE_FILE_UPLOAD
    await using var stream = File.Create(Path.Combine("/srv/links/icons", Path.GetFileName(icon.FileName)));
    await icon.CopyToAsync(stream);
    // ok: UNSAFE_FILE_UPLOAD
    await using var safe = File.Create(Path.Combine("/srv/links/icons", Path.GetRandomFileName()));
    return Results.NoContent();
});

app.Run();

public record LinkRequest(string Title, string Url);
