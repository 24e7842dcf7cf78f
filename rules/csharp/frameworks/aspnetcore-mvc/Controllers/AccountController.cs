using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Clinic.Web.Services;

namespace Clinic.Web.Controllers;

// Routed by convention ({controller}/{action}): every public action's parameters are bound from the request.
public class AccountController : Controller
{
    private readonly IPatientDirectory _patients;

    public AccountController(IPatientDirectory patients)
    {
        _patients = patients;
    }

    public IActionResult SignedIn(string returnUrl)
    {
        if (Url.IsLocalUrl(returnUrl))
        {
            // ok: OPEN_REDIRECT
            return Redirect(returnUrl);
        }
        // ruleid: OPEN_REDIRECT
        return Redirect(returnUrl);
    }

    public IActionResult SignedOut(string next)
    {
        // ok: OPEN_REDIRECT
        return Redirect(Url.Action("Index", "Home", new { next }));
    }

    public IActionResult Moved(string target)
    {
        // ruleid: OPEN_REDIRECT
        return new RedirectResult(target);
    }

    public IActionResult Profile(int id, string tab)
    {
        // ok: OPEN_REDIRECT
        return Redirect($"~/patients/{id}?tab={tab}");
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public IActionResult Preview(string notes)
    {
        // ok: XSS
        return Content("<p>" + notes + "</p>", "text/html");
    }

    public IActionResult Search(string name)
    {
        var found = _patients.FindByName(name);
        // ruleid: XSS
        return Content("<h1>" + name + "</h1><p>" + found.Count + " patients</p>", "text/html");
    }
}
