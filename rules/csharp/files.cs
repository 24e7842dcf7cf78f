// Document downloads and avatar uploads.
using Microsoft.AspNetCore.Mvc;

namespace Shop.Controllers;

[ApiController]
[Route("api/docs")]
public class DocsController : ControllerBase
{
    private const string Root = "/srv/docs";
    private readonly IDocumentStore _documents;

    public DocsController(IDocumentStore documents)
    {
        _documents = documents;
    }

    [HttpGet("lang/{language}")]
    public IActionResult Language(string language)
    {
        // A name holding no path separator, rejected otherwise, stays in the folder.
        if (language.IndexOfAny(new[] { Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar }) >= 0)
        {
            throw new ArgumentException("Language contains invalid characters.");
        }
        // ok: PATH_TRAVERSAL
        return PhysicalFile(Path.Combine(Root, "subtitles." + language), "text/vtt");
    }

    [HttpGet("names/{name}")]
    public IActionResult Named(string name)
    {
        if (name.IndexOfAny(Path.GetInvalidFileNameChars()) >= 0)
        {
            // ruleid: PATH_TRAVERSAL
            return PhysicalFile(Path.Combine(Root, name), "text/plain");
        }
        // ok: PATH_TRAVERSAL
        return PhysicalFile(Path.Combine(Root, name), "text/plain");
    }

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

    // The name without its extension drops the directory part as GetFileName does; a validation
    // call on the name (IsPathValid, IsFileNameValid) guards what follows.
    [HttpPost("export")]
    public IActionResult Export([FromQuery] string filename, [FromQuery] string folder, [FromQuery] string other)
    {
        var name = Path.GetFileNameWithoutExtension(filename) + ".json";
        // ok: PATH_TRAVERSAL
        System.IO.File.WriteAllText(Path.Combine(Root, name), "{}");
        if (!folder.IsPathValid())
        {
            return BadRequest();
        }
        // ok: PATH_TRAVERSAL
        System.IO.Directory.CreateDirectory(Path.Combine(Root, folder));
        if (other.IsPathOrFileValid())
        {
            // ok: PATH_TRAVERSAL
            System.IO.Directory.CreateDirectory(Path.Combine(Root, other));
        }
        // ruleid: PATH_TRAVERSAL
        System.IO.Directory.CreateDirectory(Path.Combine(Root, other));
        return NoContent();
    }

    [HttpPost("notes/{name}")]
    public async Task<IActionResult> SaveNote(string name, [FromBody] string text, IFileSystem fileSystem)
    {
        // ok: PATH_TRAVERSAL
        await System.IO.File.WriteAllTextAsync(Path.Combine(Root, "notes.txt"), text);
        // A file-name cleaner drops separators and invalid characters.
        var clean = fileSystem.GetValidFilename(name);
        // ok: PATH_TRAVERSAL
        System.IO.Directory.CreateDirectory(Path.Combine(Root, clean));
        // ruleid: PATH_TRAVERSAL
        await System.IO.File.AppendAllTextAsync(Path.Combine(Root, name), text);
        return NoContent();
    }

    [HttpGet("stored/{name}")]
    public async Task<IActionResult> Stored(string name)
    {
        // The record the store holds under that name: its path is the application's.
        var document = await _documents.FindByNameAsync(name);
        // ok: PATH_TRAVERSAL
        return PhysicalFile(document.StoredPath, "application/pdf");
    }

    [HttpPost("bundle")]
    public IActionResult Bundle([FromBody] BundleRequest bundle, [FromQuery] string name)
    {
        // A list the client sent: what is found in it is still the client's.
        var part = bundle.Parts.Find(p => p.Name == name);
        // ruleid: PATH_TRAVERSAL
        var text = System.IO.File.ReadAllText(Path.Combine(Root, part!.RelativePath));
        return Content(text, "text/plain");
    }

    [HttpPost("import")]
    public async Task<IActionResult> Import(IFormFile file)
    {
        // ok: PATH_TRAVERSAL
        using var reader = new StreamReader(file.OpenReadStream());
        return Ok(await reader.ReadToEndAsync());
    }

    [HttpPost("themes")]
    public async Task<IActionResult> UploadTheme(IFormFile theme)
    {
        var target = Path.Combine("/srv/themes", Path.GetFileName(theme.FileName));
        if (Path.GetExtension(target) == ".zip")
        {
            // ok: UNSAFE_FILE_UPLOAD
            await using var stream = new FileStream(target, FileMode.Create);
            await theme.CopyToAsync(stream);
        }
        return Ok();
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

// Only server administrators reach this controller: the directory they validate is theirs to choose.
[ApiController]
[Route("api/environment")]
[Authorize(Policy = Policies.RequiresElevation)]
public class EnvironmentController : ControllerBase
{
    [HttpPost("validate")]
    public IActionResult ValidatePath([FromBody] string path)
    {
        // ok: PATH_TRAVERSAL
        System.IO.File.WriteAllText(Path.Combine(path, Guid.NewGuid().ToString()), string.Empty);
        return NoContent();
    }
}

// A store owner's policy is not the server administrator's.
[Authorize(Policy = Policies.CanModifyStoreSettings)]
public class StoreFilesController : ControllerBase
{
    [HttpGet("files/{name}")]
    public IActionResult Read(string name)
    {
        // ruleid: PATH_TRAVERSAL
        return Content(System.IO.File.ReadAllText(Path.Combine("/srv/stores", name)));
    }
}

// An object initializer keeps each value in its own property.
public class StreamController : ControllerBase
{
    [HttpGet("stream")]
    public IActionResult Stream([FromQuery] string container, [FromQuery] string name)
    {
        var request = new StreamRequestDto { Container = container, Name = name };
        // ok: PATH_TRAVERSAL
        var media = System.IO.File.ReadAllText(request.MediaPath);
        // ruleid: PATH_TRAVERSAL
        var named = System.IO.File.ReadAllText(Path.Combine("/srv/media", request.Name));
        return Content(media + named);
    }
}

// Zip slip: entry names are the archive author's, whoever sent the archive.
public class ImportsController : ControllerBase
{
    [HttpPost("imports")]
    public IActionResult Import(IFormFile archiveFile)
    {
        using var archive = new ZipArchive(archiveFile.OpenReadStream());
        foreach (var entry in archive.Entries)
        {
            var dest = Path.Combine("/srv/imports", entry.FullName);
            // ruleid: PATH_TRAVERSAL
            entry.ExtractToFile(dest, overwrite: true);
        }
        return NoContent();
    }

    [HttpPost("restore")]
    public IActionResult Restore()
    {
        using var backup = ZipFile.OpenRead("/var/backups/latest.zip");
        foreach (ZipArchiveEntry entry in backup.Entries)
        {
            var full = Path.GetFullPath(Path.Combine("/srv/restore", entry.FullName));
            if (!full.StartsWith("/srv/restore/", StringComparison.Ordinal))
                continue;
            // ok: PATH_TRAVERSAL
            entry.ExtractToFile(full);
            // ok: PATH_TRAVERSAL
            System.IO.File.ReadAllText(Path.Combine("/srv/restore", Path.GetFileName(entry.Name)));
        }
        return NoContent();
    }
}

// Files streamed by middleware-style endpoints.
public class DownloadEndpoints
{
    private readonly IEndpointRouteBuilder _endpoints;
    private readonly IWebHostEnvironment _env;

    public DownloadEndpoints(IEndpointRouteBuilder endpoints, IWebHostEnvironment env)
    {
        _endpoints = endpoints;
        _env = env;
    }

    private void DownloadFile()
    {
        _endpoints.MapGet("/api/download-file", async context =>
        {
            var path = context.Request.Query["p"].ToString();
            context.Response.Headers.Append("Content-Disposition", "attachment");
            // ruleid: PATH_TRAVERSAL
            await context.Response.SendFileAsync(path);
        });
    }

    private void Asset()
    {
        _endpoints.MapGet("/api/asset", async context =>
        {
            var file = _env.WebRootFileProvider.GetFileInfo(context.Request.Query["name"].ToString());
            // ok: PATH_TRAVERSAL
            await context.Response.SendFileAsync(file);
        });
    }
}
