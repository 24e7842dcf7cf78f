package consoles

import (
	"net"
	"net/http"
	"net/url"
)

type Environment struct {
	ID  int
	URL string
}

type attachParams struct {
	environment *Environment
	containerID string
	nodeName    string
}

var environments = map[int]*Environment{1: {ID: 1, URL: "tcp://10.0.0.5:2375"}}

// A struct literal keeps each field's value apart: the environment the server looked up is not the
// node name the client sent beside it.
func Attach(w http.ResponseWriter, r *http.Request) {
	params := &attachParams{
		environment: environments[1],
		containerID: r.URL.Query().Get("id"),
		nodeName:    r.FormValue("nodeName"),
	}
	dialEnvironment(params)
	dialNode(params)
}

func dialEnvironment(params *attachParams) {
	u, err := url.Parse(params.environment.URL)
	if err != nil {
		return
	}
	// ok: SSRF
	conn, err := net.Dial("tcp", u.Host)
	if err == nil {
		conn.Close()
	}
}

func dialNode(params *attachParams) {
	// ruleid: SSRF
	conn, err := net.Dial("tcp", params.nodeName+":2375")
	if err == nil {
		conn.Close()
	}
}

// A map literal's keys are values the code computes, not field names: a key named by a variable still
// gives its value to whoever reads the map.
func Forward(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("service")
	targets := map[string]string{key: r.FormValue("target")}
	for _, target := range targets {
		// ruleid: SSRF
		resp, err := http.Get(target)
		if err == nil {
			resp.Body.Close()
		}
	}
	// ruleid: SSRF
	resp, err := http.Get(targets[key])
	if err == nil {
		resp.Body.Close()
	}
}
