using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.Data.SqlClient;

namespace Clinic.Web.Services;

public interface IPatientDirectory
{
    List<string> FindByName(string name);
    Task<int> CountAppointmentsAsync(string doctor, int page);
    void Cancel(string reason);
}

public class PatientDirectory : IPatientDirectory
{
    private readonly string _connectionString;

    public PatientDirectory(string connectionString)
    {
        _connectionString = connectionString;
    }

    public List<string> FindByName(string name)
    {
        var names = new List<string>();
        using var conn = new SqlConnection(_connectionString);
        conn.Open();
        // ok: SQL_INJECTION
        using var cmd = new SqlCommand("SELECT Name FROM Patients WHERE Name LIKE @name", conn);
        cmd.Parameters.AddWithValue("@name", name + "%");
        using var reader = cmd.ExecuteReader();
        while (reader.Read()) names.Add(reader.GetString(0));
        return names;
    }

    public async Task<int> CountAppointmentsAsync(string doctor, int page)
    {
        using var conn = new SqlConnection(_connectionString);
        await conn.OpenAsync();
        // ruleid: SQL_INJECTION
        using var cmd = new SqlCommand("SELECT COUNT(*) FROM Appointments WHERE Doctor = '" + doctor + "'", conn);
        return (int)await cmd.ExecuteScalarAsync();
    }

    public void Cancel(string reason)
    {
        using var conn = new SqlConnection(_connectionString);
        conn.Open();
        // ruleid: SQL_INJECTION
        using var cmd = new SqlCommand($"UPDATE Appointments SET Status = 'cancelled', Reason = '{reason}'", conn);
        cmd.ExecuteNonQuery();
    }
}
