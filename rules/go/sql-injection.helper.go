package orders

import (
	"database/sql"
	"fmt"
	"net/http"
)

// The package's one database handle, opened at start-up, and the helper every handler runs its SQL through.
var connection *sql.DB

func dbQuery(query string) *sql.Rows {
	// ruleid: SQL_INJECTION
	rows, err := connection.Query(query)
	if err != nil {
		return nil
	}
	return rows
}

func statusHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("ordername")
	rows := dbQuery(fmt.Sprintf("SELECT orderState FROM orders WHERE orderName = \"%s\"", name))
	defer rows.Close()
	// ok: SQL_INJECTION
	safe, err := connection.Query("SELECT orderState FROM orders WHERE orderName = ?", name)
	if err == nil {
		safe.Close()
	}
	fmt.Fprintln(w, "ok")
}
