package account

import (
	"net/http"

	"github.com/gorilla/sessions"
)

var store = sessions.NewCookieStore([]byte("x"))

type Users interface {
	PlanFor(email string) string
}

type Handler struct {
	Users Users
}

func (h *Handler) SetPlan(w http.ResponseWriter, r *http.Request) {
	sess, _ := store.Get(r, "acct")
	// ruleid: TRUST_BOUNDARY_VIOLATION
	sess.Values["plan"] = r.URL.Query().Get("plan")
	_ = sess.Save(r, w)
}

func (h *Handler) LoadPlan(w http.ResponseWriter, r *http.Request) {
	sess, _ := store.Get(r, "acct")
	// ok: TRUST_BOUNDARY_VIOLATION
	sess.Values["plan"] = h.Users.PlanFor(r.FormValue("email"))
	_ = sess.Save(r, w)
}
