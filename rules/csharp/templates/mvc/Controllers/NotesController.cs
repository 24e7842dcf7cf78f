using Blog.Models;
using Microsoft.AspNetCore.Mvc;

namespace Blog.Controllers;

public class NotesController : AdminController
{
    // The form posted back with its errors: only the user who typed the note sees it again.
    [HttpPost]
    public IActionResult Edit(NoteModel model)
    {
        return View(model);
    }

    // A GET can be linked to from another site: the query string is an attacker's.
    [HttpGet]
    public IActionResult Preview(NoteModel model)
    {
        return View(model);
    }

    // The token check is turned off for this action.
    [HttpPost, IgnoreAntiforgeryToken]
    public IActionResult Import(NoteModel model)
    {
        return View(model);
    }
}

// The controller checks the token of every unsafe-verb request itself.
[AutoValidateAntiforgeryToken]
public class DraftsController : Controller
{
    [HttpPost]
    public IActionResult Save(NoteModel model)
    {
        return View(model);
    }

    // No verb attribute: the action answers GET as well.
    public IActionResult Show(NoteModel model)
    {
        return View(model);
    }
}

public class CommentsController : Controller
{
    // The action checks the token itself.
    [HttpPost]
    [ValidateAntiForgeryToken]
    public IActionResult Store(NoteModel model)
    {
        return View(model);
    }

    // Neither the controller nor its bases check a token.
    [HttpPost]
    public IActionResult Publish(NoteModel model)
    {
        return View(model);
    }
}
