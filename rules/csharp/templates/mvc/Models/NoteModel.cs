namespace Blog.Models;

public class NoteModel
{
    public string Text { get; set; } = "";
}
