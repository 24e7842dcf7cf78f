// Catalogue and admin endpoints of an ASP.NET Core shop: external tools.
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
        return Ok();
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
}

// A service reading the request through an injected IHttpContextAccessor.
public class ThumbnailService
{
    private readonly IHttpContextAccessor _httpContextAccessor;

    public ThumbnailService(IHttpContextAccessor httpContextAccessor) => _httpContextAccessor = httpContextAccessor;

    public void Render()
    {
        var size = _httpContextAccessor.HttpContext.Request.Query["size"];
        // ruleid: COMMAND_INJECTION
        Process.Start("convert", "-resize " + size + " in.png out.png");
        var context = _httpContextAccessor.HttpContext;
        var format = context.Request.Headers["X-Format"].ToString();
        // ruleid: COMMAND_INJECTION
        Process.Start("convert", "in.png out." + format);
        // ok: COMMAND_INJECTION
        Process.Start("convert", "in.png out.png");
        // The null-conditional and null-forgiving forms read the same request.
        var quality = _httpContextAccessor.HttpContext?.Request.Query["quality"];
        // ruleid: COMMAND_INJECTION
        Process.Start("convert", "-quality " + quality + " in.png out.png");
        var density = _httpContextAccessor.HttpContext!.Request.Form["density"];
        // ruleid: COMMAND_INJECTION
        Process.Start("convert", "-density " + density + " in.png out.png");
    }
}

// A command line written to a shell's standard input.
public class ResolverController : Controller
{
    [HttpGet]
    public IActionResult Lookup([FromQuery] string host)
    {
        var shell = new Process();
        shell.StartInfo.FileName = OperatingSystem.IsWindows() ? "powershell" : "/bin/sh";
        shell.StartInfo.RedirectStandardInput = true;
        shell.StartInfo.RedirectStandardOutput = true;
        shell.Start();
        // ruleid: COMMAND_INJECTION
        shell.StandardInput.WriteLine("nslookup " + host);
        shell.StandardInput.Close();
        return Ok(shell.StandardOutput.ReadToEnd());
    }

    [HttpPost]
    public IActionResult Sign([FromForm] string document)
    {
        var gpg = new Process();
        gpg.StartInfo.FileName = "gpg";
        gpg.StartInfo.ArgumentList.Add("--clearsign");
        gpg.StartInfo.RedirectStandardInput = true;
        gpg.StartInfo.RedirectStandardOutput = true;
        gpg.Start();
        // ok: COMMAND_INJECTION
        gpg.StandardInput.Write(document);
        gpg.StandardInput.Close();
        return Ok(gpg.StandardOutput.ReadToEnd());
    }
}
