// Security helpers.
using System.Security.Cryptography;
using System.Text;

namespace Shop.Services;

public static class Security
{
    public static byte[] LegacyPasswordHash(string password)
    {
        // ruleid: WEAK_HASH
        return MD5.HashData(Encoding.UTF8.GetBytes(password));
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

    public static int NewLoginCode()
    {
        // ruleid: WEAK_RANDOM
        return new Random().Next(100000, 999999);
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
}
