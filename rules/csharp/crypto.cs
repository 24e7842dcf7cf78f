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

    public static int NewLoginCode()
    {
        // ruleid: WEAK_RANDOM
        return new Random().Next(100000, 999999);
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
}
