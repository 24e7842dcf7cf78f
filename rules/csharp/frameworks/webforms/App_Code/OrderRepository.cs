using System.Configuration;
using System.Data.SqlClient;

namespace Bakery.Web
{
    public class OrderRepository
    {
        private readonly string _connectionString = ConfigurationManager.ConnectionStrings["Bakery"].ConnectionString;

        public int CountForCustomer(string customer)
        {
            using (var conn = new SqlConnection(_connectionString))
            {
                conn.Open();
                // ruleid: SQL_INJECTION
                var cmd = new SqlCommand("SELECT COUNT(*) FROM Orders WHERE Customer = '" + customer + "'", conn);
                return (int)cmd.ExecuteScalar();
            }
        }

        public void Remember(string customer)
        {
            using (var conn = new SqlConnection(_connectionString))
            {
                conn.Open();
                // ruleid: SQL_INJECTION
                var cmd = new SqlCommand("INSERT INTO Searches (Customer) VALUES ('" + customer + "')", conn);
                cmd.ExecuteNonQuery();
            }
        }

        public int OutstandingFor(string customer)
        {
            using (var conn = new SqlConnection(_connectionString))
            {
                conn.Open();
                // ruleid: SQL_INJECTION
                var cmd = new SqlCommand("SELECT COUNT(*) FROM Orders WHERE Paid = 0 AND Customer = '" + customer + "'", conn);
                return (int)cmd.ExecuteScalar();
            }
        }

        public string LatestFor(string customer)
        {
            using (var conn = new SqlConnection(_connectionString))
            {
                conn.Open();
                // ok: SQL_INJECTION
                var cmd = new SqlCommand("SELECT TOP 1 Item FROM Orders WHERE Customer = @customer ORDER BY Placed DESC", conn);
                cmd.Parameters.AddWithValue("@customer", customer);
                return (string)cmd.ExecuteScalar();
            }
        }
    }
}
