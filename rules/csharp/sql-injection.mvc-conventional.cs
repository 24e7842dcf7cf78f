// MVC controllers routed by convention ({controller}/{action}/{id?}): every public method is an action.
using System.Data.SqlClient;
using Microsoft.AspNetCore.Mvc;

namespace Shop.Web.Controllers
{
    public class ProductsController : Controller
    {
        private readonly SqlConnection _conn;

        public IActionResult Index(string search, int page)
        {
            // ruleid: SQL_INJECTION
            var byName = new SqlCommand("SELECT * FROM Products WHERE Name LIKE '%" + search + "%'", _conn);
            // ok: SQL_INJECTION
            var byPage = new SqlCommand("SELECT * FROM Products ORDER BY Id OFFSET " + page * 20 + " ROWS", _conn);
            return View();
        }

        public IActionResult Category(string id)
        {
            // ruleid: SQL_INJECTION
            var cmd = new SqlCommand($"SELECT * FROM Products WHERE Category = '{id}'", _conn);
            // ok: SQL_INJECTION
            var safe = new SqlCommand("SELECT * FROM Products WHERE Category = @id", _conn);
            safe.Parameters.AddWithValue("@id", id);
            return View();
        }
    }

    // Attribute-routed: actions are the methods with verb attributes; a helper is not one.
    [Route("reports")]
    public class ReportsController : Controller
    {
        private readonly SqlConnection _conn;

        [HttpGet("{year}")]
        public IActionResult Year(string year)
        {
            // ruleid: SQL_INJECTION
            var cmd = new SqlCommand("SELECT * FROM Reports WHERE Year = " + year, _conn);
            return View(Totals("Reports"));
        }

        public object Totals(string table)
        {
            // ok: SQL_INJECTION
            return new SqlCommand("SELECT COUNT(*) FROM " + table, _conn).ExecuteScalar();
        }
    }

    // Not a controller: a class named like one deriving from something else.
    public class CacheController : BackgroundService
    {
        private readonly SqlConnection _conn;

        public void Evict(string table)
        {
            // ok: SQL_INJECTION
            new SqlCommand("DELETE FROM " + table, _conn).ExecuteNonQuery();
        }
    }
}
