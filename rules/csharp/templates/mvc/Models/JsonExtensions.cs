using Newtonsoft.Json;

namespace Blog.Models;

public static class JsonExtensions
{
    // `<`, `>`, `&` and quotes written as \u escapes: the text cannot close a <script> element.
    public static string ToJson(this object value) =>
        JsonConvert.SerializeObject(value, new JsonSerializerSettings { StringEscapeHandling = StringEscapeHandling.EscapeHtml });
}
