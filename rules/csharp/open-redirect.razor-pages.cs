// Razor Pages: page handlers' parameters are bound from the route, the query string and the form.
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;

namespace Shop.Pages.Account;

public class LoginModel : PageModel
{
    public IActionResult OnGet(string returnUrl)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect(returnUrl);
    }

    public async Task<IActionResult> OnPostAsync(string returnUrl, int attempt)
    {
        await Task.Yield();
        // ok: OPEN_REDIRECT
        return LocalRedirect(returnUrl);
    }

    public IActionResult OnPostExternal(string provider, string next)
    {
        // ruleid: OPEN_REDIRECT
        return Redirect(next + "?provider=" + provider);
    }

    // Not a handler: its caller passes the application's own URL.
    private IActionResult Back(string target)
    {
        // ok: OPEN_REDIRECT
        return Redirect(target);
    }

    public IActionResult OnGetHome() => Back("/home");
}

// A class that is no page model: its `OnGet…` methods are not page handlers.
public class Scheduler
{
    public IActionResult OnGetTick(string url) => new RedirectResult(url);
}
