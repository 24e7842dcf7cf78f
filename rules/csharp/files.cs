// Document downloads and avatar uploads.
using Microsoft.AspNetCore.Mvc;

namespace Shop.Controllers;

[ApiController]
[Route("api/docs")]
public class DocsController : ControllerBase
{
    private const string Root = "/srv/docs";

    [HttpGet("raw")]
    public IActionResult Raw([FromQuery] string name)
    {
        // ruleid: PATH_TRAVERSAL
        var text = System.IO.File.ReadAllText(Path.Combine(Root, name));
        return Content(text, "text/plain");
    }

    [HttpGet("raw-v2")]
    public IActionResult RawV2([FromQuery] string name)
    {
        // ok: PATH_TRAVERSAL
        var text = System.IO.File.ReadAllText(Path.Combine(Root, Path.GetFileName(name)));
        return Content(text, "text/plain");
    }

    [HttpPost("upload")]
    public async Task<IActionResult> Upload(IFormFile file)
    {
        var target = Path.Combine("/srv/www/uploads", file.FileName);
        // ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        await using var stream = new FileStream(target, FileMode.Create);
        await file.CopyToAsync(stream);
        // ruleid: INSECURE_PERMISSIONS
        System.IO.File.SetUnixFileMode(target, UnixFileMode.UserRead | UnixFileMode.OtherWrite);
        var stored = Path.Combine("/srv/data/uploads", Path.GetRandomFileName());
        // ok: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        await using var safe = new FileStream(stored, FileMode.Create);
        // ok: INSECURE_PERMISSIONS
        System.IO.File.SetUnixFileMode(stored, UnixFileMode.UserRead | UnixFileMode.UserWrite);
        return Ok();
    }
}
