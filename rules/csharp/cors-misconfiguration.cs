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

public static class LegacyCors
{
    public static void Configure(IServiceCollection services)
    {
        services.AddCors(options =>
        {
            options.AddPolicy("CorsPolicy",
                // ruleid: CORS_MISCONFIGURATION
                builder => builder.AllowAnyOrigin()
                    .AllowAnyMethod()
                    .AllowAnyHeader()
                    .AllowCredentials()
                    .Build());
            // ruleid: CORS_MISCONFIGURATION
            options.AddPolicy("reversed", p => p.AllowCredentials().WithMethods("GET").AllowAnyOrigin());
            // ok: CORS_MISCONFIGURATION
            options.AddPolicy("public", p => p.AllowAnyOrigin().AllowAnyMethod().AllowAnyHeader());
            // ok: CORS_MISCONFIGURATION
            options.AddPolicy("partners", p => p.WithOrigins("https://a.example.com").AllowAnyHeader().AllowCredentials());
        });
    }
}
