// Startup settings.
using Microsoft.IdentityModel.Tokens;

var builder = WebApplication.CreateBuilder(args);

builder.Services.AddSession(options =>
{
    // ruleid: INSECURE_COOKIE
    options.Cookie.SecurePolicy = CookieSecurePolicy.None;
    // ok: INSECURE_COOKIE
    options.Cookie.HttpOnly = true;
});

builder.Services.Configure<CookiePolicyOptions>(options =>
{
    // ok: INSECURE_COOKIE
    options.ConsentCookie.HttpOnly = false;
    // ruleid: INSECURE_COOKIE
    options.HttpOnly = false;
});

builder.Services.AddAuthentication().AddJwtBearer(options =>
{
    options.TokenValidationParameters = new TokenValidationParameters
    {
        // ruleid: JWT_MISCONFIGURATION
        RequireSignedTokens = false,
        // ok: JWT_MISCONFIGURATION
        ValidateLifetime = true,
    };
    // The bearer handler's default: the challenge's `error_description` says why a token was refused, no trace.
    // ok: DEBUG_ENABLED
    options.IncludeErrorDetails = true;
});

builder.Services.AddServerSideBlazor().AddCircuitOptions(options =>
{
    // ruleid: DEBUG_ENABLED
    options.DetailedErrors = true;
});


var app = builder.Build();

if (app.Environment.IsDevelopment())
{
    // ok: DEBUG_ENABLED
    app.UseDeveloperExceptionPage();
}

app.MapGet("/login", (HttpResponse response) =>
{
    // ruleid: INSECURE_COOKIE
    response.Cookies.Append("session_id", Guid.NewGuid().ToString());
    // ok: INSECURE_COOKIE
    response.Cookies.Append("session_id", Guid.NewGuid().ToString(), new CookieOptions { Secure = true, HttpOnly = true });
    // ok: INSECURE_COOKIE
    response.Headers.Append("X-Api-Key-Hint", "rotate monthly");
    return Results.Ok();
});

app.Run();

public static class DiagnosticsSetup
{
    // Called from every environment's start-up.
    public static void UseDiagnostics(WebApplication app)
    {
        // ruleid: DEBUG_ENABLED
        app.UseDeveloperExceptionPage();
    }
}

public static class ImportHeader
{
    public static string FirstField(CsvLexer lexer, string line)
    {
        // ok: JWT_MISCONFIGURATION
        return lexer.ReadToken(line);
    }

    public static string? Subject(string bearer)
    {
        var handler = new System.IdentityModel.Tokens.Jwt.JwtSecurityTokenHandler();
        // ruleid: JWT_MISCONFIGURATION
        return handler.ReadJwtToken(bearer).Subject;
    }

    // The access token of the metadata service the server calls: read to know when to ask for a new one.
    public static bool NeedsRefresh(string? accessToken)
    {
        if (string.IsNullOrEmpty(accessToken)) return true;
        var handler = new System.IdentityModel.Tokens.Jwt.JwtSecurityTokenHandler();
        // ok: JWT_MISCONFIGURATION
        var token = handler.ReadJwtToken(accessToken);
        return token.ValidTo.ToUniversalTime() < DateTime.UtcNow.AddMinutes(5);
    }

    public static string? LiveSubject(string bearer)
    {
        var handler = new System.IdentityModel.Tokens.Jwt.JwtSecurityTokenHandler();
        // ruleid: JWT_MISCONFIGURATION
        var token = handler.ReadJwtToken(bearer);
        return token.ValidTo > DateTime.UtcNow ? token.Subject : null;
    }

    public static async Task<bool> RefreshAllowed(UserManager<AppUser> users, string accessToken, string refreshToken)
    {
        var handler = new System.IdentityModel.Tokens.Jwt.JwtSecurityTokenHandler();
        // Read only to find whose refresh token to verify.
        // ok: JWT_MISCONFIGURATION
        var name = handler.ReadJwtToken(accessToken).Claims.FirstOrDefault(c => c.Type == "name")?.Value;
        var user = await users.FindByNameAsync(name);
        return user != null && await users.VerifyUserTokenAsync(user, "Default", "RefreshToken", refreshToken);
    }
}

public class CookieConsentManager
{
    public void SetConsent(HttpResponse response, string choices)
    {
        // ok: INSECURE_COOKIE
        response.Cookies.Append(".Consent", choices, new CookieOptions { HttpOnly = false, IsEssential = true });
    }
}

// The antiforgery request token a single-page app sends back in a header (Angular's and axios'
// XSRF-TOKEN convention): the page script must read it, and it is no session; the cookie that
// holds the antiforgery cookie token stays HttpOnly.
public class SpaController : Controller
{
    private readonly IAntiforgery _antiforgery;

    public SpaController(IAntiforgery antiforgery) => _antiforgery = antiforgery;

    public IActionResult Index()
    {
        var tokens = _antiforgery.GetAndStoreTokens(HttpContext);
        HttpContext.Response.Cookies.Append("XSRF-TOKEN", tokens.RequestToken,
            // ok: INSECURE_COOKIE
            new CookieOptions { HttpOnly = false, IsEssential = true });
        // ok: INSECURE_COOKIE
        HttpContext.Response.Cookies.Append("RequestVerificationToken", tokens.RequestToken, new CookieOptions { HttpOnly = false });
        // ruleid: INSECURE_COOKIE
        HttpContext.Response.Cookies.Append("remember", Guid.NewGuid().ToString(), new CookieOptions { HttpOnly = false });
        return View();
    }
}

// The visitor's language or theme choice, which page script also switches: a preference, no secret.
public class PreferenceCookies
{
    private readonly IHttpContextAccessor _http;

    public PreferenceCookies(IHttpContextAccessor http) => _http = http;

    public void SetCulture(string culture, string uiCulture)
    {
        _http.HttpContext.Response.Cookies.Append(CookieRequestCultureProvider.DefaultCookieName,
            CookieRequestCultureProvider.MakeCookieValue(new RequestCulture(culture, uiCulture)), new CookieOptions
            {
                Path = "/",
                // ok: INSECURE_COOKIE
                HttpOnly = false
            });
    }

    public void SetTheme(HttpResponse response, string theme)
    {
        // ok: INSECURE_COOKIE
        response.Cookies.Append("site-theme", theme, new CookieOptions { HttpOnly = false });
        // ruleid: INSECURE_COOKIE
        response.Cookies.Append("culture-session", theme, new CookieOptions { HttpOnly = false });
    }

    // The options built first, then given to the preference cookie.
    public void PickLocale(HttpResponse response, string locale)
    {
        var localeCookie = new CookieOptions
        {
            Expires = DateTimeOffset.UtcNow.AddMonths(6),
            // ok: INSECURE_COOKIE
            HttpOnly = false,
            SameSite = SameSiteMode.Lax
        };
        response.Cookies.Append(CookieRequestCultureProvider.DefaultCookieName,
            CookieRequestCultureProvider.MakeCookieValue(new RequestCulture(locale)), localeCookie);
    }

    // The same options also given to a cookie of another kind, or of a name the method does not show.
    public void PickLocaleAndRemember(HttpResponse response, string locale, string cookieName, string handle)
    {
        // ruleid: INSECURE_COOKIE
        var shared = new CookieOptions { HttpOnly = false };
        response.Cookies.Append("ui-language", locale, shared);
        response.Cookies.Append("remember-handle", handle, shared);
    }

    public void PickLocaleAndOther(HttpResponse response, string locale, string cookieName, string value)
    {
        // ruleid: INSECURE_COOKIE
        var shared = new CookieOptions { HttpOnly = false };
        response.Cookies.Append("ui-language", locale, shared);
        response.Cookies.Append(cookieName, value, shared);
    }
}
