// Fake values generated for this test; none of them is a real credential.
public static class Storage
{
    // ruleid: HARDCODED_SECRET
    const string Connection = "DefaultEndpointsProtocol=https;AccountName=shopassets;AccountKey=mIvAZlKXeHlK24DfMI+64/5WfnoCWFzGgC1Mc+oZBXWcLpDv0Abd3sq50Bxzr2IhQJpgjEl9XRp5E86ncPvsX2==;EndpointSuffix=core.windows.net";
    // ok: HARDCODED_SECRET
    const string Emulator = "UseDevelopmentStorage=true";
    // ok: HARDCODED_SECRET
    static readonly string FromConfig = Environment.GetEnvironmentVariable("STORAGE_CONNECTION");
}
