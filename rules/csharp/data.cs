// Cart restore and XML imports.
using System.Runtime.Serialization.Formatters.Binary;
using System.Xml;
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

    [HttpPost]
    public IActionResult XmlV2(string body)
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit };
        // ok: XXE
        using var reader = XmlReader.Create(new StringReader(body), settings);
        return Ok(reader.Name);
    }
}
