namespace Blog.Models;

public class PostViewModel
{
    public string Title { get; set; } = "";
    public string Body { get; set; } = "";
}
