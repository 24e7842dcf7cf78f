using System.IO;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;

namespace Clinic.Web.Controllers;

[ApiController]
[Route("api/documents")]
public class DocumentsController : ControllerBase
{
    private const string Root = "/srv/clinic/documents";
    private readonly ILogger<DocumentsController> _logger;

    public DocumentsController(ILogger<DocumentsController> logger)
    {
        _logger = logger;
    }

    [HttpGet("{name}")]
    public IActionResult Download([FromRoute] string name)
    {
        // ruleid: PATH_TRAVERSAL
        return PhysicalFile(Path.Combine(Root, name), "application/pdf");
    }

    [HttpGet("safe/{name}")]
    public IActionResult DownloadSafe([FromRoute] string name)
    {
        // ok: PATH_TRAVERSAL
        return PhysicalFile(Path.Combine(Root, Path.GetFileName(name)), "application/pdf");
    }

    [HttpGet("card")]
    public IActionResult Card([FromQuery] string title, [FromHeader(Name = "X-Clinic")] string clinic)
    {
        // ruleid: LOG_INJECTION
        _logger.LogWarning("Card requested for clinic " + clinic);
        // ruleid: XSS
        return new ContentResult { Content = "<h2>" + title + "</h2>", ContentType = "text/html" };
    }

    [HttpGet("banner")]
    public async Task Banner([FromQuery] string text)
    {
        Response.ContentType = "text/html";
        // ruleid: XSS
        await Response.WriteAsync("<div class=\"banner\">" + text + "</div>");
    }

    [HttpGet("banner.txt")]
    public async Task BannerText()
    {
        Response.ContentType = "text/plain";
        // ok: XSS
        await Response.WriteAsync("Banner: " + Request.Query["text"]);
    }

    [HttpPost("import")]
    [Authorize(Roles = "Admin")]
    public IActionResult Import([FromBody] ImportRequest request)
    {
        // ok: PATH_TRAVERSAL
        var text = System.IO.File.ReadAllText(request.Path);
        return Ok(text.Length);
    }

    [HttpPost("scans")]
    public async Task<IActionResult> UploadScan(IFormFile scan)
    {
        var target = Path.Combine("/srv/clinic/scans", scan.FileName);
        // ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        await using var stream = new FileStream(target, FileMode.Create);
        await scan.CopyToAsync(stream);
        var stored = Path.Combine("/srv/clinic/scans", Path.GetRandomFileName());
        // ok: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        await using var safe = new FileStream(stored, FileMode.Create);
        return Ok();
    }

    [HttpPost("letters")]
    public async Task<IActionResult> UploadLetter()
    {
        var letter = Request.Form.Files[0];
        var bytes = new byte[letter.Length];
        // ruleid: UNSAFE_FILE_UPLOAD
        await System.IO.File.WriteAllBytesAsync("/srv/clinic/letters/" + Path.GetFileName(letter.FileName), bytes);
        return Ok();
    }
}

public record ImportRequest(string Path);
