// Cross-origin requests.
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Net.Http.Headers;

namespace Shop.Controllers;

public static class Cors
{
    public static void Configure(IServiceCollection services)
    {
        services.AddCors(options =>
        {
            // ruleid: CORS_MISCONFIGURATION
            options.AddPolicy("app", p => p.SetIsOriginAllowed(_ => true).AllowCredentials());
            // ok: CORS_MISCONFIGURATION
            options.AddPolicy("partners", p => p.WithOrigins("https://partner.example.com").AllowCredentials());
        });
    }
}
