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
