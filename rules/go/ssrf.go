package imports

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
)

var allowedFeeds = map[string]bool{"feeds.example.com": true}

func ImportFeed(w http.ResponseWriter, r *http.Request) {
	feed := r.URL.Query().Get("feed")
	// ruleid: SSRF
	resp, err := http.Get(feed)
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

func ImportFeedChecked(w http.ResponseWriter, r *http.Request) {
	u, err := url.Parse(r.URL.Query().Get("feed"))
	if err != nil || !allowedFeeds[u.Hostname()] {
		http.Error(w, "feed not allowed", http.StatusBadRequest)
		return
	}
	// ok: SSRF
	resp, err := http.Get(u.String())
	if err == nil {
		resp.Body.Close()
	}
}

func Proxy(w http.ResponseWriter, r *http.Request) {
	// ruleid: SSRF
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, r.FormValue("target"), nil)
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		resp.Body.Close()
	}
}

func Avatar(w http.ResponseWriter, r *http.Request) {
	// ok: SSRF
	resp, err := http.Get("https://avatars.example.com/u/" + url.PathEscape(r.URL.Query().Get("user")))
	if err == nil {
		resp.Body.Close()
	}
}

func Invoice(w http.ResponseWriter, r *http.Request) {
	endpoint := "https://billing.example.com/invoices/" + r.URL.Query().Get("id")
	// ok: SSRF
	req, _ := http.NewRequest(http.MethodGet, endpoint, nil)
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		resp.Body.Close()
	}
}

func Mirror(w http.ResponseWriter, r *http.Request) {
	// ruleid: SSRF
	resp, err := http.Get(fmt.Sprintf("https://%s/status", r.URL.Query().Get("host")))
	if err == nil {
		resp.Body.Close()
	}
}

type Webhooks struct {
	httpClient *http.Client
}

// Deliver posts to the subscriber's callback through a configured client held in a field.
func (h *Webhooks) Deliver(w http.ResponseWriter, r *http.Request) {
	// ruleid: SSRF
	resp, err := h.httpClient.Post(r.FormValue("callback"), "application/json", nil)
	if err == nil {
		resp.Body.Close()
	}
}

// Check fetches a URL with a client made here.
func Check(w http.ResponseWriter, r *http.Request) {
	client := &http.Client{}
	// ruleid: SSRF
	resp, err := client.Head(r.URL.Query().Get("url"))
	if err == nil {
		resp.Body.Close()
	}
}

// cgiClient speaks a backend protocol over an operator-configured connection; Get sends
// the request's variables to it, it does not choose where to connect.
type cgiClient struct{ conn io.ReadWriter }

func (c cgiClient) Get(env map[string]string) (*http.Response, error) { return nil, nil }

func Gateway(w http.ResponseWriter, r *http.Request) {
	client := cgiClient{}
	env := map[string]string{"QUERY_STRING": r.URL.RawQuery}
	// ok: SSRF
	resp, err := client.Get(env)
	if err == nil {
		resp.Body.Close()
	}
}

// A format whose constant text fixes the scheme and host: the request's value only picks a path on it.
func UserProfile(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	// ok: SSRF
	resp, err := http.Get(fmt.Sprintf("https://api.example.com/users/%s", id))
	if err == nil {
		resp.Body.Close()
	}
	// ruleid: SSRF
	other, err := http.Get(fmt.Sprintf("%s/users/me", r.URL.Query().Get("api")))
	if err == nil {
		other.Body.Close()
	}
}

// The right side of `||` runs only where the left side failed: after `!validateURL(u)`, u passed the check.
func ProbeChecked(w http.ResponseWriter, r *http.Request) {
	u := r.FormValue("url")
	if !validateURL(u) || !probe(u) {
		http.Error(w, "unreachable", http.StatusBadRequest)
		return
	}
	other := r.FormValue("other")
	if other == "" || !reachable(other) {
		http.Error(w, "unreachable", http.StatusBadRequest)
	}
}

func reachable(u string) bool {
	// ruleid: SSRF
	resp, err := http.Head(u)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

func validateURL(u string) bool {
	parsed, err := url.Parse(u)
	return err == nil && parsed.Scheme == "https" && allowedFeeds[parsed.Hostname()]
}

func probe(u string) bool {
	// ok: SSRF
	resp, err := http.Get(u)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

// A client the project builds in a function that says it returns net/http's client is one.
func outboundClient(timeoutSeconds int) *http.Client {
	return &http.Client{}
}

// A client type of the project's own with a Get method (a cache) is not an HTTP client.
func settingsCache() cgiClient {
	return cgiClient{}
}

func Unfurl(w http.ResponseWriter, r *http.Request) {
	client := outboundClient(5)
	// ruleid: SSRF
	resp, err := client.Get(r.URL.Query().Get("link"))
	if err == nil {
		resp.Body.Close()
	}
	cache := settingsCache()
	// ok: SSRF
	cache.Get(map[string]string{"key": r.URL.Query().Get("key")})
}
