using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Clinic.Web.Services;

namespace Clinic.Web.Pages;

public class AppointmentsModel : PageModel
{
    private readonly IPatientDirectory _patients;

    public AppointmentsModel(IPatientDirectory patients)
    {
        _patients = patients;
    }

    public async Task<IActionResult> OnGetAsync(string doctor, int page)
    {
        await _patients.CountAppointmentsAsync(doctor, page);
        return Page();
    }

    public IActionResult OnPostCancel(string reason)
    {
        _patients.Cancel(reason);
        // ok: OPEN_REDIRECT
        return Redirect("/appointments");
    }
}
