namespace Bakery.Web
{
    public partial class Orders
    {
        protected global::System.Web.UI.HtmlControls.HtmlForm form1;
        protected global::System.Web.UI.WebControls.TextBox txtCustomer;
        protected global::System.Web.UI.WebControls.Button btnFind;
        protected global::System.Web.UI.WebControls.Label lblMessage;
        protected global::System.Web.UI.WebControls.Literal litSummary;
    }
}
