using Microsoft.AspNetCore.Mvc;

namespace Blog.Controllers;

// Every unsafe-verb request to a controller below this one must carry the anti-forgery token.
[AutoValidateAntiforgeryToken]
public abstract class AdminController : Controller
{
}
