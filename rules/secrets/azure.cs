// Fake values generated for this test; none of them is a real credential.
public static class Storage
{
    // ruleid: HARDCODED_SECRET
    const string Connection = "DefaultEndpointsProtocol=https;AccountName=shopassets;AccountKey=mIvAZlKXeHlK24DfMI+64/5WfnoCWFzGgC1Mc+oZBXWcLpDv0Abd3sq50Bxzr2IhQJpgjEl9XRp5E86ncPvsX2==;EndpointSuffix=core.windows.net";
    // ok: HARDCODED_SECRET
    const string Emulator = "UseDevelopmentStorage=true";
    // The emulators' fixed keys, which Microsoft publishes: Azurite's devstoreaccount1 and Cosmos DB's.
    // ok: HARDCODED_SECRET
    const string Azurite = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1";
    // ok: HARDCODED_SECRET
    // const string Commented = "AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    // ok: HARDCODED_SECRET
    const string CosmosEmulator = "AccountEndpoint=https://localhost:8081/;AccountKey=C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==";
    // A key of the same shape that is no published one.
    // ruleid: HARDCODED_SECRET
    const string Other = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Fby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;";
    // The service SAS example of Microsoft's REST API documentation (its signature is published there).
    // ok: HARDCODED_SECRET
    const string DocsSas = "https://myaccount.blob.core.windows.net/pictures/profile.jpg?sv=2012-02-12&st=2009-02-09&se=2009-02-10&sr=c&sp=r&si=YWJjZGVmZw%3d%3d&sig=dD80ihBh5jfNpymO5Hg1IdiJIEvHcJpCMiCMnN%2fRnbI%3d";
    // ruleid: HARDCODED_SECRET
    const string OtherSas = "https://shopassets.blob.core.windows.net/pictures/profile.jpg?sv=2012-02-12&st=2009-02-09&se=2009-02-10&sr=c&sp=r&si=YWJjZGVmZw%3d%3d&sig=eE91jiCi6kgOqznP6Ih2JejKJFwIdKqDNjDNoO%2fSocJ%3d";
    // ok: HARDCODED_SECRET
    static readonly string FromConfig = Environment.GetEnvironmentVariable("STORAGE_CONNECTION");
}
