package ledger

import (
	"context"
	"fmt"
	"net/http"

	"example.com/ledgerdb"
)

type tenantKey struct{}

// A data layer whose functions take the context first (`ledgerdb.Exec(ctx, query, args...)`,
// as zgo.at/zdb does): the query is the second argument. A context that carries request
// data (the tenant named by a header) is no SQL text.
func closeEntry(w http.ResponseWriter, r *http.Request) {
	ctx := context.WithValue(r.Context(), tenantKey{}, r.Header.Get("X-Tenant"))
	// ok: SQL_INJECTION
	err := ledgerdb.Exec(ctx, `update entries set closed = true where entry_id = ? and tenant = ?`, r.FormValue("entry"), r.Header.Get("X-Tenant"))
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
	}
}

func archiveEntries(ctx context.Context, w http.ResponseWriter, r *http.Request) {
	ctx = context.WithValue(ctx, tenantKey{}, r.URL.Query().Get("tenant"))
	// ok: SQL_INJECTION
	_ = ledgerdb.Exec(ctx, "update entries set archived = true where tenant = ?", r.URL.Query().Get("tenant"))
}

func sortEntries(ctx context.Context, w http.ResponseWriter, r *http.Request) {
	order := r.URL.Query().Get("order")
	// ruleid: SQL_INJECTION
	_ = ledgerdb.Exec(ctx, fmt.Sprintf("select entry_id from entries order by %s", order))
}

func purgeEntries(w http.ResponseWriter, r *http.Request) {
	// ruleid: SQL_INJECTION
	_ = ledgerdb.Exec(r.Context(), "delete from entries where tenant = '"+r.FormValue("tenant")+"'")
}
