package tools

import (
	"net/http"
	"os/exec"
	"regexp"
)

var branchName = regexp.MustCompile(`^[A-Za-z0-9._/-]{1,100}$`)

func Checkout(w http.ResponseWriter, r *http.Request) {
	branch := r.FormValue("branch")
	// ruleid: COMMAND_INJECTION
	out, _ := exec.Command("/bin/sh", "-c", "git checkout "+branch).Output()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(out)
}

func CheckoutSafe(w http.ResponseWriter, r *http.Request) {
	branch := r.FormValue("branch")
	if !branchName.MatchString(branch) {
		http.Error(w, "bad branch", http.StatusBadRequest)
		return
	}
	// ok: COMMAND_INJECTION
	out, _ := exec.CommandContext(r.Context(), "git", "checkout", "--", branch).Output()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(out)
}

func Run(w http.ResponseWriter, r *http.Request) {
	// ruleid: COMMAND_INJECTION
	cmd := exec.CommandContext(r.Context(), r.URL.Query().Get("bin"))
	_ = cmd.Run()
}

func Status(w http.ResponseWriter, r *http.Request) {
	// ok: COMMAND_INJECTION
	out, _ := exec.Command("git", "status", "--short").Output()
	w.Write(out)
}
