// A member read of a bound model whose class declares it with a type that holds no text (`file.FolderId` of a
// `FileModel file` with `public int FolderId { get; set; }`) is a number, not the request's text: cleaned as a typed
// parameter or a scalar getter is. A text member of the same model, and a member of a class the scan does not hold,
// stay untrusted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanProject, findingLines } from '../helpers/scan-project.ts';

const MODEL = `using System.ComponentModel.DataAnnotations;

namespace Shop.Models;

public class FileModel
{
    [Required]
    public int FolderId { get; set; }
    public string Name { get; set; }
    public Guid? OwnerId { get; set; }
}
`;

const CONTROLLER = `using System.IO;
using Microsoft.AspNetCore.Mvc;
using Shop.Models;

namespace Shop.Controllers;

[ApiController]
public class FilesController : ControllerBase
{
    private readonly IFolderStore _folders;

    public FilesController(IFolderStore folders)
    {
        _folders = folders;
    }

    [HttpPut("files/{id}")]
    public void Move(int id, [FromBody] FileModel file)
    {
        var folder = _folders.GetFolder(file.FolderId);
        Directory.CreateDirectory(_folders.GetFolderPath(folder));
        System.IO.File.Delete(_folders.GetFolderPath(file.OwnerId));
        System.IO.File.Delete(Path.Combine("/srv/files", file.Name));
    }
}
`;

const JAVA_FORM = `package shop.web;

public class ExportForm {
    public Long folderId;
    public String label;
}
`;

const JAVA_CONTROLLER = `package shop.web;

import java.io.File;
import org.springframework.web.bind.annotation.*;

@RestController
public class ExportController {
    private final FolderService folders;

    public ExportController(FolderService folders) {
        this.folders = folders;
    }

    @PostMapping("/export")
    public void export(@RequestBody ExportForm form) {
        new File(folders.pathOf(form.folderId)).delete();
        new File("/srv/exports/" + form.label).delete();
    }
}
`;

test('a C# model property declared int or Guid is no path text; its string property still is', async () => {
  const findings = await scanProject({ 'src/Models/FileModel.cs': MODEL, 'src/Controllers/FilesController.cs': CONTROLLER });
  assert.deepEqual(findingLines(findings, 'PATH_TRAVERSAL'), [23]);
});

test('without the model class in the scan, its members stay untrusted', async () => {
  const findings = await scanProject({ 'src/Controllers/FilesController.cs': CONTROLLER });
  assert.deepEqual(findingLines(findings, 'PATH_TRAVERSAL'), [21, 22, 23]);
});

test('a Java form field declared Long is no path text; its String field still is', async () => {
  const findings = await scanProject({ 'src/main/java/shop/web/ExportForm.java': JAVA_FORM, 'src/main/java/shop/web/ExportController.java': JAVA_CONTROLLER });
  assert.deepEqual(findingLines(findings, 'PATH_TRAVERSAL'), [17]);
});
