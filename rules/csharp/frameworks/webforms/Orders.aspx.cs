using System;
using System.IO;
using System.Web;
using System.Web.Services;
using System.Web.UI;

namespace Bakery.Web
{
    public partial class Orders : Page
    {
        private readonly OrderRepository _orders = new OrderRepository();

        protected void Page_Load(object sender, EventArgs e)
        {
            string status = Request.QueryString["status"];
            if (!IsPostBack)
            {
                // ruleid: XSS
                lblMessage.Text = "Orders with status " + status;
                // ok: XSS
                litSummary.Text = "Orders with status " + HttpUtility.HtmlEncode(status);
            }
            // ruleid: TRUST_BOUNDARY_VIOLATION
            Session["branch"] = Request["branch"];
            // ok: TRUST_BOUNDARY_VIOLATION
            Session["returnUrl"] = Request.RawUrl;
        }

        protected void btnFind_Click(object sender, EventArgs e)
        {
            int count = _orders.CountForCustomer(Request.Form["customer"]);
            // ok: XSS
            lblMessage.Text = count + " orders";
            string customer = txtCustomer.Text;
            // ruleid: XSS
            litSummary.Text = "Orders of " + customer;
            _orders.Remember(customer);
        }

        protected void Invoice()
        {
            string file = Request.QueryString["invoice"];
            // ruleid: PATH_TRAVERSAL
            string text = File.ReadAllText(Server.MapPath("~/App_Data/invoices/" + file));
            Response.ContentType = "text/html";
            // ruleid: XSS
            Response.Write("<pre>" + Request.Params["note"] + "</pre>");
            // ok: XSS
            Response.Write("<pre>" + HttpUtility.HtmlEncode(text) + "</pre>");
            string attachment = Request.QueryString["attachment"];
            // ruleid: PATH_TRAVERSAL
            Response.TransmitFile(Server.MapPath("~/App_Data/attachments/" + attachment));
            // ok: PATH_TRAVERSAL
            Response.WriteFile(Server.MapPath("~/App_Data/attachments/" + Path.GetFileName(attachment)));
            string back = Request.QueryString["back"];
            // ruleid: OPEN_REDIRECT
            Response.Redirect(back);
        }

        protected void btnUpload_Click(object sender, EventArgs e)
        {
            HttpPostedFile receipt = Request.Files["receipt"];
            // ruleid: UNSAFE_FILE_UPLOAD
            receipt.SaveAs(Server.MapPath("~/Uploads/" + Path.GetFileName(receipt.FileName)));
            // ok: UNSAFE_FILE_UPLOAD
            receipt.SaveAs(Server.MapPath("~/Uploads/" + Path.GetRandomFileName()));
            SaveScan(Request.Files["scan"]);
        }

        private void SaveScan(HttpPostedFile scan)
        {
            // ruleid: UNSAFE_FILE_UPLOAD
            scan.SaveAs(Path.Combine(Server.MapPath("~/Scans"), Path.GetFileName(scan.FileName)));
        }

        [WebMethod]
        public static string Lookup(string customer)
        {
            return new OrderRepository().LatestFor(customer);
        }

        [WebMethod]
        public static int Outstanding(string customer)
        {
            return new OrderRepository().OutstandingFor(customer);
        }
    }
}
