// Methods named like Dapper's in a file that does not import a micro-ORM: they take objects, not SQL text.
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;

namespace Shop.Reports;

public abstract class ReportProvider
{
    public abstract Task Query(ReportContext context, CancellationToken cancellation);
}

public record ReportContext(string StoreId, string View);

[ApiController]
[Route("api/reports")]
public class ReportsController : ControllerBase
{
    private readonly IReadOnlyDictionary<string, ReportProvider> _providers;
    private readonly ICommandBus _bus;

    public ReportsController(IReadOnlyDictionary<string, ReportProvider> providers, ICommandBus bus)
    {
        _providers = providers;
        _bus = bus;
    }

    [HttpPost("{storeId}")]
    public async Task<IActionResult> Run(string storeId, [FromQuery] string view, CancellationToken cancellation)
    {
        if (!_providers.TryGetValue(view, out var report))
            return NotFound();
        var context = new ReportContext(storeId, view);
        // ok: SQL_INJECTION
        await report.Query(context, cancellation);
        // ok: SQL_INJECTION
        await _bus.ExecuteAsync(new RefreshReport(storeId + "/" + view));
        return Ok(context);
    }

    [HttpGet("{storeId}/export")]
    public IActionResult Export(string storeId, [FromQuery] string sort, SqlConnection conn)
    {
        // ruleid: SQL_INJECTION
        using var cmd = new SqlCommand("SELECT * FROM Invoices WHERE StoreId = @store ORDER BY " + sort, conn);
        cmd.Parameters.AddWithValue("@store", storeId);
        return Ok(cmd.ExecuteScalar());
    }
}
