package main

// titleTag wraps a title in markup without escaping it.
func titleTag(title string) string {
	return "<title>" + title + "</title>"
}
