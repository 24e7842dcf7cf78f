package render

// Heading wraps a title in a heading element as it is.
func Heading(title string) string {
	return "<h1>" + title + "</h1>"
}
