// Fake values generated for this test; none of them is a real credential.
public static class Tmdb
{
    // ruleid: HARDCODED_SECRET
    public const string ApiKey = "7c1f0a9e43b8d2f65e0a1c9d8b7f3e24";
    // ok: HARDCODED_SECRET
    public const string ApiKeyScheme = "Partner.APIKey";
    // ok: HARDCODED_SECRET
    public override string SettingsKey => "InvoiceExportMigration2";

    public static string CacheKey(string name, string language)
    {
        // ok: HARDCODED_SECRET
        var key = $"moviesearch-{name}-{language}";
        return key;
    }

    // A sample response kept in a comment:
    // {
    // ok: HARDCODED_SECRET
    //   "token":"9jF3TUbPa2kXq7Lm4Rz8Wd",
    // }
    // NZBGet's factory ControlPassword, printed in the nzbget.conf every install starts from:
    public DownloaderSettings Defaults() => new DownloaderSettings
    {
        // ok: HARDCODED_SECRET
        Password = "tegbzn6789",
        // ruleid: HARDCODED_SECRET
        ApiPassword = "tegbzn6789Qz7Wm4k",
    };
    // The name of an identifier scheme (an HL7 assigning authority), not a credential.
    // ok: HARDCODED_SECRET
    public const string ProviderAssigningAuthIdentifier = "PROVIDER.IDENTIFIER";
}
