using System.Net;
using Blog.Models;
using Microsoft.AspNetCore.Mvc;

namespace Blog.Controllers;

public class PostsController : Controller
{
    [HttpGet]
    public IActionResult Search([FromQuery] string q)
    {
        ViewBag.Query = q;
        ViewBag.Encoded = WebUtility.HtmlEncode(q);
        ViewData["Heading"] = "Search";
        return View();
    }

    [HttpPost]
    public IActionResult Preview([FromForm] string body)
    {
        var model = new PostViewModel { Title = "Preview", Body = body };
        return View("Show", model);
    }
}
