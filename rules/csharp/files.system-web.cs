// Classic ASP.NET MVC 5 (System.Web): posted files and the request's collections.
using System.IO;
using System.Web;
using System.Web.Mvc;

namespace Legacy.Controllers
{
    public class DocumentsController : Controller
    {
        [HttpPost]
        public ActionResult Upload(HttpPostedFileBase document)
        {
            var folder = Server.MapPath("~/Uploads");
            // ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
            document.SaveAs(Path.Combine(folder, document.FileName));
            // ok: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
            document.SaveAs(Path.Combine(folder, Path.GetRandomFileName()));
            return RedirectToAction("Index");
        }

        [HttpPost]
        public ActionResult Attach()
        {
            var posted = Request.Files[0];
            // ruleid: UNSAFE_FILE_UPLOAD
            posted.SaveAs(Server.MapPath("~/Uploads/" + Path.GetFileName(posted.FileName)));
            return RedirectToAction("Index");
        }

        public ActionResult Read()
        {
            var name = Request.QueryString["name"];
            // ruleid: PATH_TRAVERSAL
            var text = System.IO.File.ReadAllText(Server.MapPath("~/App_Data/") + name);
            var any = Request["doc"];
            // ruleid: PATH_TRAVERSAL
            var other = System.IO.File.ReadAllText(Path.Combine(Server.MapPath("~/App_Data"), any));
            // ok: PATH_TRAVERSAL
            var safe = System.IO.File.ReadAllText(Path.Combine(Server.MapPath("~/App_Data"), Path.GetFileName(any)));
            return Content(text + other + safe);
        }
    }
}
