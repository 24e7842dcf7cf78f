package upstream

import (
	"crypto/tls"
	"net/http"
)

func Internal() *http.Client {
	cfg := &tls.Config{}
	// ruleid: INSECURE_TLS
	cfg.InsecureSkipVerify = true
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

func Legacy() *tls.Config {
	return &tls.Config{
		// ruleid: INSECURE_TLS
		MinVersion: tls.VersionTLS11,
	}
}

func Modern() *tls.Config {
	return &tls.Config{
		// ok: INSECURE_TLS
		MinVersion: tls.VersionTLS12,
		// ok: INSECURE_TLS
		InsecureSkipVerify: false,
	}
}

type UpstreamConfig struct {
	SkipVerify bool
	Directives []string
}

// FromConfig applies the operator's settings: skipping verification is their explicit choice.
func FromConfig(c UpstreamConfig) *tls.Config {
	cfg := &tls.Config{}
	if c.SkipVerify {
		// ok: INSECURE_TLS
		cfg.InsecureSkipVerify = true
	}
	for _, d := range c.Directives {
		switch d {
		case "insecure_skip_verify":
			// ok: INSECURE_TLS
			cfg.InsecureSkipVerify = true
		}
	}
	return cfg
}

// A branch on the scheme is no opt-in: every HTTPS call goes unverified.
func ForURL(scheme string) *tls.Config {
	cfg := &tls.Config{}
	if scheme == "https" {
		// ruleid: INSECURE_TLS
		cfg.InsecureSkipVerify = true
	}
	return cfg
}

func Webhook() *http.Client {
	// ruleid: INSECURE_TLS
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
}

// An opt-in the package offers, named for the weakening: the caller that uses it decides.
func InsecureClient() *http.Client {
	// ok: INSECURE_TLS
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
}

type Builder struct{ tls *tls.Config }

func (b *Builder) SkipCertificateVerification() {
	// ok: INSECURE_TLS
	b.tls.InsecureSkipVerify = true
}

type forgeClient struct {
	SkipVerify bool
	Scheme     string
}

// The same opt-in written as a guard clause: the function returns early unless the operator's flag is set,
// so the weakening below runs only under it.
func (c *forgeClient) newTransport(base http.RoundTripper) http.RoundTripper {
	if !c.SkipVerify {
		return base
	}
	return &http.Transport{
		// ok: INSECURE_TLS
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	}
}

// A guard clause on anything else is no opt-in.
func (c *forgeClient) schemeTransport(base http.RoundTripper) http.RoundTripper {
	if c.Scheme != "https" {
		return base
	}
	return &http.Transport{
		// ruleid: INSECURE_TLS
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	}
}

// A flag that is only checked after the weakening does not guard it.
func lateCheck(c *forgeClient) *tls.Config {
	// ruleid: INSECURE_TLS
	cfg := &tls.Config{InsecureSkipVerify: true}
	if !c.SkipVerify {
		return nil
	}
	return cfg
}
