package staff

import (
	"net/http"

	"github.com/go-ldap/ldap/v3"
)

type Directory struct {
	Conn *ldap.Conn
}

func (d *Directory) Groups(w http.ResponseWriter, r *http.Request) {
	member := r.URL.Query().Get("member")
	filter := "(&(objectClass=groupOfNames)(member=uid=" + member + ",ou=people,dc=example,dc=org))"
	// ruleid: LDAP_INJECTION
	req := ldap.NewSearchRequest("ou=groups,dc=example,dc=org", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, []string{"cn"}, nil)
	_, _ = d.Conn.Search(req)
}

func (d *Directory) GroupsSafe(w http.ResponseWriter, r *http.Request) {
	member := ldap.EscapeFilter(r.URL.Query().Get("member"))
	filter := "(&(objectClass=groupOfNames)(member=uid=" + member + ",ou=people,dc=example,dc=org))"
	// ok: LDAP_INJECTION
	req := ldap.NewSearchRequest("ou=groups,dc=example,dc=org", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, []string{"cn"}, nil)
	_, _ = d.Conn.Search(req)
}

func (d *Directory) Remove(w http.ResponseWriter, r *http.Request) {
	// ruleid: LDAP_INJECTION
	_ = d.Conn.Del(ldap.NewDelRequest("uid="+r.FormValue("uid")+",ou=people,dc=example,dc=org", nil))
}
