package main

import (
	"net/http"
	neturl "net/url"
	ex "os/exec"
)

// An import alias names the package: `ex.Command` is os/exec's Command, `neturl.QueryEscape` net/url's.
func runAliased(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// ruleid: COMMAND_INJECTION
	ex.Command("sh", "-c", "echo "+name).Run()
	// ok: COMMAND_INJECTION
	ex.Command("echo", neturl.QueryEscape(name)).Run()
}
