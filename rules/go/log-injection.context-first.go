package panels

import (
	"context"
	"net/http"

	log "example.com/tracelog"
)

// A leveled logger that takes the context first (`log.Errorf(ctx, format, args...)`, zgo.at/zlog's form):
// the format is the second argument, and `%q` there quotes a line break as `\n`.
func lookupPanel(ctx context.Context, kind string) {
	// ok: LOG_INJECTION
	log.Errorf(ctx, "no panel of kind %q", kind)
	// ruleid: LOG_INJECTION
	log.Errorf(ctx, "no panel of kind %s", kind)
}

func showPanel(w http.ResponseWriter, r *http.Request) {
	lookupPanel(r.Context(), r.URL.Query().Get("kind"))
	// ok: LOG_INJECTION
	log.Warnf(r.Context(), "panel %q requested by %q", r.FormValue("panel"), r.FormValue("who"))
}
