package staff

import (
	"net"
	"net/http"
	"strings"

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

// Login binds as the user: the DN is built from the submitted name.
func Login(w http.ResponseWriter, r *http.Request) {
	conn, err := ldap.DialURL("ldaps://ldap.example.org")
	if err != nil {
		return
	}
	defer conn.Close()
	// ruleid: LDAP_INJECTION
	if err := conn.Bind("uid="+r.FormValue("user")+",ou=people,dc=example,dc=org", r.FormValue("password")); err != nil {
		http.Error(w, "denied", http.StatusUnauthorized)
	}
}

type versions struct{}

func (versions) Compare(a, b string) int { return strings.Compare(a, b) }

var util versions

func Newer(w http.ResponseWriter, r *http.Request) {
	// ok: LDAP_INJECTION
	if util.Compare(r.URL.Query().Get("v"), "2.0") > 0 {
		w.WriteHeader(http.StatusNoContent)
	}
}

// Verify compares the submitted attribute on a connection made from an existing socket.
func Verify(w http.ResponseWriter, r *http.Request, socket net.Conn) {
	session := ldap.NewConn(socket, true)
	session.Start()
	// ruleid: LDAP_INJECTION
	ok, _ := session.Compare("uid="+r.FormValue("user")+",ou=people,dc=example,dc=org", "employeeType", "staff")
	if !ok {
		http.Error(w, "denied", http.StatusForbidden)
	}
}

// SignIn finds the user's entry by a filter, then binds as the entry the directory answered with.
func SignIn(w http.ResponseWriter, r *http.Request, dial func() (*ldap.Conn, error)) {
	l, err := dial()
	if err != nil {
		return
	}
	defer l.Close()
	// ruleid: LDAP_INJECTION
	search := ldap.NewSearchRequest("ou=people,dc=example,dc=org", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+r.FormValue("user")+")", []string{"dn"}, nil)
	sr, err := l.Search(search)
	if err != nil || len(sr.Entries) != 1 {
		http.Error(w, "denied", http.StatusUnauthorized)
		return
	}
	entryDN := sr.Entries[0].DN
	// ok: LDAP_INJECTION
	if err := l.Bind(entryDN, r.FormValue("password")); err != nil {
		http.Error(w, "denied", http.StatusUnauthorized)
	}
}

// A connection dialled into a variable of any name, its error beside it: a bind of a built DN is a query.
func Verify(w http.ResponseWriter, r *http.Request) {
	directory, err := ldap.DialURL("ldaps://ldap.example.org")
	if err != nil {
		return
	}
	defer directory.Close()
	// ruleid: LDAP_INJECTION
	if err := directory.Bind("uid="+r.FormValue("user")+",ou=people,dc=example,dc=org", r.FormValue("password")); err != nil {
		http.Error(w, "denied", http.StatusUnauthorized)
	}
}
