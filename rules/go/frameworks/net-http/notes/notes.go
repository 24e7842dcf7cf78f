package notes

import "database/sql"

// Search finds the notes whose title holds q.
func Search(db *sql.DB, q string) (*sql.Rows, error) {
	// ruleid: SQL_INJECTION
	return db.Query("SELECT id, title FROM notes WHERE title LIKE '%" + q + "%'")
}

// CountTagged counts the notes with a tag.
func CountTagged(db *sql.DB, tag string) (int, error) {
	var count int
	// ok: SQL_INJECTION
	err := db.QueryRow("SELECT count(*) FROM tags WHERE name = ?", tag).Scan(&count)
	return count, err
}
