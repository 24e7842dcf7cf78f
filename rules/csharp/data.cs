// Cart restore and XML imports.
using System.Runtime.Serialization.Formatters.Binary;
using System.IO;
using System.Web.Script.Serialization;
using System.Xml;
using System.Xml.Linq;
using System.Xml.Serialization;
using Microsoft.AspNetCore.Mvc;
using Newtonsoft.Json;

namespace Shop.Controllers;

public class ImportController : ControllerBase
{
    [HttpPost]
    public IActionResult Restore()
    {
#pragma warning disable SYSLIB0011
        var formatter = new BinaryFormatter();
        // ruleid: INSECURE_DESERIALIZATION
        var cart = formatter.Deserialize(Request.Body);
#pragma warning restore SYSLIB0011
        return Ok(cart);
    }

    [HttpPost]
    public IActionResult Import(string json)
    {
        // ruleid: INSECURE_DESERIALIZATION
        var cart = JsonConvert.DeserializeObject(json, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto });
        // ok: INSECURE_DESERIALIZATION
        var plain = System.Text.Json.JsonSerializer.Deserialize<Cart>(json);
        return Ok(new { cart, plain });
    }

    [HttpPost]
    public IActionResult Xml(string body)
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Parse };
        // ruleid: XXE
        using var reader = XmlReader.Create(new StringReader(body), settings);
        return Ok(reader.Name);
    }

    [HttpPost]
    public IActionResult XmlDoc(string body)
    {
        var doc = new XmlDocument();
        doc.XmlResolver = new XmlUrlResolver();
        // ruleid: XXE
        doc.LoadXml(body);
        return Ok(doc.DocumentElement?.Name);
    }

    [HttpPost]
    public IActionResult XmlDocTemplate()
    {
        var doc = new XmlDocument();
        doc.XmlResolver = new XmlUrlResolver();
        // ok: XXE
        doc.LoadXml("<feed><title>News</title></feed>");
        return Ok(doc.DocumentElement?.Name);
    }

    [HttpPost]
    public IActionResult XmlDocV2(string body)
    {
        var doc = new XmlDocument();
        doc.XmlResolver = null;
        // ok: XXE
        doc.LoadXml(body);
        return Ok(doc.DocumentElement?.Name);
    }

    // A deep copy: the JSON read back is the one just written from an object in memory.
    public static T Clone<T>(T obj)
    {
        var settings = new JsonSerializerSettings
        {
            // ok: INSECURE_DESERIALIZATION
            TypeNameHandling = TypeNameHandling.All
        };
        var json = JsonConvert.SerializeObject(obj, settings);
        return JsonConvert.DeserializeObject<T>(json, settings);
    }

    public static T CloneInline<T>(T obj)
    {
        // ok: INSECURE_DESERIALIZATION
        var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
        return JsonConvert.DeserializeObject<T>(JsonConvert.SerializeObject(obj, settings), settings);
    }

    public static T Restore<T>(T obj, string saved)
    {
        // ruleid: INSECURE_DESERIALIZATION
        var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
        var json = JsonConvert.SerializeObject(obj, settings);
        return JsonConvert.DeserializeObject<T>(saved, settings);
    }

    // DTDs read for their internal entities (an RSS feed's &nbsp;), with no resolver to fetch an external one.
    [HttpPost]
    public IActionResult XmlFeed(string body)
    {
        // ok: XXE
        using var reader = XmlReader.Create(new StringReader(body), new XmlReaderSettings { DtdProcessing = DtdProcessing.Parse, XmlResolver = null });
        // ok: XXE
        var feed = XDocument.Load(reader);
        return Ok(feed.Root?.Name.LocalName);
    }

    [HttpPost]
    public IActionResult XmlV2(string body)
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit };
        // ok: XXE
        using var reader = XmlReader.Create(new StringReader(body), settings);
        return Ok(reader.Name);
    }
}

public class ImportController : ControllerBase
{
    [HttpPost("import")]
    public IActionResult Import([FromQuery] string typeName, [FromBody] string payload)
    {
        // ruleid: UNSAFE_REFLECTION
        var serializer = new XmlSerializer(Type.GetType(typeName));
        // ruleid: INSECURE_DESERIALIZATION
        var entity = serializer.Deserialize(new StringReader(payload));
        var known = new XmlSerializer(typeof(Invoice));
        // ok: INSECURE_DESERIALIZATION
        var invoice = known.Deserialize(new StringReader(payload));
        // ruleid: INSECURE_DESERIALIZATION, UNSAFE_REFLECTION
        var chosen = JsonConvert.DeserializeObject(payload, Type.GetType(typeName));
        // ok: INSECURE_DESERIALIZATION
        var typed = JsonConvert.DeserializeObject(payload, typeof(Invoice));
        return Ok(new { entity, invoice, chosen, typed });
    }

    [HttpPost("import/legacy")]
    public IActionResult ImportLegacy([FromBody] string payload)
    {
        var legacy = new JavaScriptSerializer(new SimpleTypeResolver());
        // ruleid: INSECURE_DESERIALIZATION
        return Ok(legacy.Deserialize<object>(payload));
    }

    [HttpPost("import/plain")]
    public IActionResult ImportPlain([FromBody] string payload)
    {
        var plain = new JavaScriptSerializer();
        // ok: INSECURE_DESERIALIZATION
        return Ok(plain.Deserialize<Invoice>(payload));
    }
}

// A cache over the application's IDistributedCache: the JSON read back is only what this class wrote there.
internal sealed class JsonDistributedCache
{
    private readonly IDistributedCache _cache;
    private readonly JsonSerializerSettings _settings;

    public JsonDistributedCache(IDistributedCache cache)
    {
        _cache = cache;
        _settings = new JsonSerializerSettings
        {
            // ok: INSECURE_DESERIALIZATION
            TypeNameHandling = TypeNameHandling.All
        };
    }

    public async Task<T> GetAsync<T>(string key)
    {
        var json = await _cache.GetStringAsync(key);
        return string.IsNullOrEmpty(json) ? default : JsonConvert.DeserializeObject<T>(json, _settings);
    }

    public Task SetAsync<T>(string key, T value) => _cache.SetStringAsync(key, JsonConvert.SerializeObject(value, _settings));
}

// The same cache class that also reads what a caller hands it is a deserialiser of that text.
internal sealed class ImportingCache
{
    private readonly IDistributedCache _cache;
    private readonly JsonSerializerSettings _settings;

    public ImportingCache(IDistributedCache cache)
    {
        _cache = cache;
        // ruleid: INSECURE_DESERIALIZATION
        _settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Objects };
    }

    public async Task<T> GetAsync<T>(string key)
    {
        var json = await _cache.GetStringAsync(key);
        return JsonConvert.DeserializeObject<T>(json, _settings);
    }

    public T Import<T>(string body) => JsonConvert.DeserializeObject<T>(body, _settings);
}
