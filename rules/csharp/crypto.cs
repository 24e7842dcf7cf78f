// Security helpers.
using System;
using System.Net;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.DependencyInjection;

namespace Shop.Services;

public sealed class PasswordResetToken
{
    public string Value { get; set; }
    public DateTime ExpiresOnUtc { get; set; }
}

public sealed class DecoyField
{
    public string Name { get; set; }
    public DateTime CreatedOnUtc { get; set; }
}

public sealed class Account
{
    public string Email { get; set; } = "";
    public string Password { get; set; } = "";
    public string ResetToken { get; set; } = "";
}

public static class Security
{
    public static byte[] LegacyPasswordHash(string password)
    {
        // ruleid: WEAK_HASH
        return MD5.HashData(Encoding.UTF8.GetBytes(password));
    }

    // The method name says nothing; the data is the account's password.
    public static string Digest(Account account, string salt)
    {
        // ruleid: WEAK_HASH
        using var sha1 = SHA1.Create();
        return Convert.ToHexString(sha1.ComputeHash(Encoding.UTF8.GetBytes(salt + account.Password)));
    }

    public static byte[] ContentHash(byte[] body)
    {
        // ok: WEAK_HASH
        return MD5.HashData(body);
    }

    public static async Task<bool> PackageMatches(Stream package, string checksum, CancellationToken cancellationToken)
    {
        // ok: WEAK_HASH
        var hash = Convert.ToHexString(await MD5.HashDataAsync(package, cancellationToken));
        return string.Equals(hash, checksum, StringComparison.OrdinalIgnoreCase);
    }

    public static string PartnerApiPassword(string password)
    {
        // The partner's login API prescribes SHA-1 of the password.
#pragma warning disable CA5350
        // ok: WEAK_HASH
        var hashed = SHA1.HashData(Encoding.ASCII.GetBytes(password));
#pragma warning restore CA5350
        return Convert.ToHexStringLower(hashed);
    }

    public static void StartReset(Account account)
    {
        // ruleid: WEAK_RANDOM
        var rng = new Random();
        account.ResetToken = rng.Next(100000, 999999).ToString();
    }

    public static void Remember(HttpContext context)
    {
        // ruleid: WEAK_RANDOM
        context.Response.Cookies.Append("remember", Random.Shared.NextInt64().ToString("x"), new CookieOptions { Secure = true, HttpOnly = true, SameSite = SameSiteMode.Strict });
        // ruleid: WEAK_RANDOM
        context.Session.SetString("otp", new Random().Next(0, 1_000_000).ToString("D6"));
    }

    public static Account Invite(string email)
    {
        var account = new Account { Email = email };
        // ruleid: WEAK_RANDOM
        account.Password = Convert.ToBase64String(BitConverter.GetBytes(Random.Shared.NextInt64()));
        return account;
    }

    // A token object names its parts: the random value is its `Value`, the secret.
    public static PasswordResetToken CreateResetToken()
    {
        // ruleid: WEAK_RANDOM
        var rng = new Random();
        return new PasswordResetToken { Value = rng.Next(100000, 999999).ToString(), ExpiresOnUtc = DateTime.UtcNow.AddHours(1) };
    }

    // A form token whose random part is only the decoy field's name; the token itself is protected elsewhere.
    public static DecoyField CreateFormToken(string[] names)
    {
        // ok: WEAK_RANDOM
        var rng = new Random();
        var fieldName = names[rng.Next(0, names.Length)] + "-" + names[rng.Next(0, names.Length)];
        return new DecoyField { Name = fieldName, CreatedOnUtc = DateTime.UtcNow };
    }

    public static void StartResetSecure(Account account)
    {
        // ok: WEAK_RANDOM
        account.ResetToken = RandomNumberGenerator.GetHexString(32);
    }

    public static int PickShippingSlot(int slots)
    {
        // ok: WEAK_RANDOM
        return new Random().Next(slots);
    }

    public static int Jitter()
    {
        // ok: WEAK_RANDOM
        return Random.Shared.Next(0, 100);
    }

    public static SymmetricAlgorithm Legacy()
    {
        // ruleid: WEAK_CRYPTO
        return TripleDES.Create();
    }

    public static SymmetricAlgorithm Modern()
    {
        // ok: WEAK_CRYPTO
        return Aes.Create();
    }

    public static HttpClientHandler Handler() => new HttpClientHandler
    {
        // ruleid: INSECURE_TLS
        ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true,
    };

    // An opt-in the library offers, named for the weakening: the caller that uses it decides.
    public static IHttpClientBuilder SkipCertificateValidation(this IHttpClientBuilder builder) =>
        builder.ConfigurePrimaryHttpMessageHandler(() => new HttpClientHandler
        {
            // ok: INSECURE_TLS
            ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true,
        });

    public static HttpClientHandler SelfHostedMailHandler(bool disableCertificateCheck)
    {
        var handler = new HttpClientHandler();
        if (disableCertificateCheck)
        {
            // The administrator opted out for a self-signed mail relay.
#pragma warning disable CA5359 // Do Not Disable Certificate Validation
            // ok: INSECURE_TLS
            handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true;
#pragma warning restore CA5359
        }
        return handler;
    }

    public static HttpClientHandler PartnerHandler(bool trustAllPartners)
    {
        var handler = new HttpClientHandler();
        if (trustAllPartners)
        {
            // The operator's switch, named for what it weakens.
            // ok: INSECURE_TLS
            handler.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator;
        }
        return handler;
    }

    public static HttpClientHandler SchemeHandler(Uri uri)
    {
        var handler = new HttpClientHandler();
        if (uri.Scheme == Uri.UriSchemeHttps)
        {
            // A branch on the scheme is no opt-in.
            // ruleid: INSECURE_TLS
            handler.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator;
        }
        return handler;
    }

    public const string LoopbackClient = "hooks.loopback";

    public static void AddClients(IServiceCollection services)
    {
        // Used only for callbacks to this machine (`uri.IsLoopback`), where nobody sits on the path.
        services.AddHttpClient(LoopbackClient)
            .ConfigurePrimaryHttpMessageHandler(_ => new HttpClientHandler
            {
                // ok: INSECURE_TLS
                ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator,
            });
        services.AddHttpClient("partners")
            .ConfigurePrimaryHttpMessageHandler(_ => new HttpClientHandler
            {
                // ruleid: INSECURE_TLS
                ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator,
            });
    }
}

public static class TransportSetup
{
    public static HttpClient ClientFor(string baseUrl)
    {
        var handler = new HttpClientHandler();
        // Only for the developer's own machine, whose certificate is self-signed: no network between the ends.
        if (new Uri(baseUrl).IsLoopback || baseUrl.Contains("localhost"))
        {
            // ok: INSECURE_TLS
            handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => true;
        }
        if (baseUrl.StartsWith("https://"))
        {
            // ruleid: INSECURE_TLS
            handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => true;
        }
        return new HttpClient(handler);
    }

    public static void Configure()
    {
        // Taking obsolete protocols out of the allowed set (`&= ~…`) hardens the default, it forces nothing:
        // ok: INSECURE_TLS
        ServicePointManager.SecurityProtocol &= ~SecurityProtocolType.Ssl3;
        // ok: INSECURE_TLS
        ServicePointManager.SecurityProtocol &= ~(SecurityProtocolType.Ssl3 | SecurityProtocolType.Tls);
        // ruleid: INSECURE_TLS
        ServicePointManager.SecurityProtocol = SecurityProtocolType.Tls | SecurityProtocolType.Tls12;
        // ruleid: INSECURE_TLS
        ServicePointManager.SecurityProtocol |= SecurityProtocolType.Tls11;
    }
}
