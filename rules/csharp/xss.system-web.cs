// Classic ASP.NET (System.Web): a Web Forms page and an MVC 5 controller writing request values.
using System;
using System.Web;
using System.Web.Mvc;
using System.Web.UI;

public partial class Search : Page
{
    protected void Page_Load(object sender, EventArgs e)
    {
        var term = Request.QueryString["q"];
        // ruleid: XSS
        lblResult.Text = "Results for " + term;
        // ok: XSS
        lblEncoded.Text = "Results for " + HttpUtility.HtmlEncode(term);
        // ruleid: XSS
        divMessage.InnerHtml = Request["message"];
        // ok: XSS
        divMessage.InnerText = Request["message"];
        // ruleid: XSS
        Response.Write("<p>" + Request.Params["name"] + "</p>");
        // ruleid: XSS
        litReferrer.Text = Request.UrlReferrer.ToString();
        // ok: XSS
        txtSearch.Text = term;
    }
}

public class GreetingController : Controller
{
    public void Hello()
    {
        // ruleid: XSS
        HttpContext.Current.Response.Write(HttpContext.Current.Request["name"]);
    }

    public ActionResult Banner(string text)
    {
        // ruleid: XSS
        ViewBag.Banner = MvcHtmlString.Create("<strong>" + text + "</strong>");
        // ok: XSS
        ViewBag.Plain = MvcHtmlString.Create("<strong>" + HttpUtility.HtmlEncode(text) + "</strong>");
        return View();
    }
}
