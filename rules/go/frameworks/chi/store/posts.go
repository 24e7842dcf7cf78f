package store

import "database/sql"

// PostTitle reads a post's title by its slug.
func PostTitle(db *sql.DB, slug string) (string, error) {
	var title string
	// ruleid: SQL_INJECTION
	err := db.QueryRow("SELECT title FROM posts WHERE slug = '" + slug + "'").Scan(&title)
	return title, err
}
