<%@ Page Language="C#" AutoEventWireup="true" CodeBehind="Orders.aspx.cs" Inherits="Bakery.Web.Orders" %>
<!DOCTYPE html>
<html>
<body>
    <form id="form1" runat="server">
        <asp:TextBox ID="txtCustomer" runat="server" />
        <asp:Button ID="btnFind" runat="server" Text="Find" OnClick="btnFind_Click" />
        <asp:Label ID="lblMessage" runat="server" />
        <asp:Literal ID="litSummary" runat="server" />
    </form>
</body>
</html>
