package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func Failed(w http.ResponseWriter, r *http.Request) {
	user := r.PostFormValue("user")
	// ruleid: LOG_INJECTION
	log.Println("login failed for", user)
}

func FailedQuoted(w http.ResponseWriter, r *http.Request) {
	// ok: LOG_INJECTION
	log.Printf("login failed for %q from %q", r.PostFormValue("user"), r.RemoteAddr)
}

func FailedStripped(w http.ResponseWriter, r *http.Request) {
	user := strings.NewReplacer("\n", " ", "\r", " ").Replace(r.PostFormValue("user"))
	// ok: LOG_INJECTION
	log.Printf("login failed for %s", user)
}

// A library's error quotes the input it rejects (url.Error prints the URL with %q): it forges no line.
func BadCallback(w http.ResponseWriter, r *http.Request) {
	target, err := url.Parse(r.FormValue("callback"))
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("bad callback: %v", err)
		return
	}
	// ruleid: LOG_INJECTION
	log.Println("callback path " + target.Path)
}

// net/http's request errors quote the URL: NewRequest's are url.Parse's or name the method with %q, and a client's
// are *url.Error (`Get "http://…": dial tcp …`), printed with %q. A line break in the URL comes out as `\n`.
func FetchFeed(w http.ResponseWriter, r *http.Request) {
	feed := r.URL.Query().Get("feed")
	// ruleid: SSRF
	req, err := http.NewRequest("GET", feed, nil)
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("bad feed request: %v", err)
		return
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("feed fetch failed: %v", err)
		return
	}
	resp.Body.Close()
	// ruleid: SSRF
	again, err := http.Get(feed)
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("feed fetch failed: %v", err)
		return
	}
	again.Body.Close()
}

func parseAmount(s string) (int, error) {
	return 0, fmt.Errorf("not an amount: %s", s)
}

// The project's own error pastes the input in with %s: its line breaks reach the log.
func BadAmount(w http.ResponseWriter, r *http.Request) {
	_, err := parseAmount(r.FormValue("amount"))
	if err != nil {
		// ruleid: LOG_INJECTION
		log.Printf("bad amount: %v", err)
	}
}

// The file system's error pastes the path in as it is.
func MissingFile(w http.ResponseWriter, r *http.Request) {
	_, err := os.Stat(filepath.Join("/srv/files", r.URL.Query().Get("name")))
	if err != nil {
		// ruleid: LOG_INJECTION
		log.Printf("stat failed: %v", err)
	}
}

// Debug and trace lines are dropped below the configured level (logrus, zap's sugar, and the "[DEBUG]"
// tag that hashicorp/logutils and go-pkgz/lgr filter on in the standard log).
func Deleted(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	// ok: LOG_INJECTION
	log.Printf("[DEBUG] delete comment %s", id)
	// ok: LOG_INJECTION
	log.Printf("[TRACE] delete comment %s", id)
	// ok: LOG_INJECTION
	logger.Debugf("delete comment %s", id)
	// ruleid: LOG_INJECTION
	log.Printf("[INFO] delete comment %s", id)
	// ruleid: LOG_INJECTION
	log.Printf("delete comment %s [DEBUG]", id)
}

type leveledLogger interface {
	Debugf(format string, args ...any)
	Infof(format string, args ...any)
}

var logger leveledLogger

// A writer answers a byte count and an error saying the connection failed: neither repeats the bytes
// written. The builder written to holds them.
func Echo(w http.ResponseWriter, r *http.Request) {
	data := []byte(r.URL.Query().Get("text"))
	// ruleid: XSS
	if _, err := w.Write(data); err != nil {
		// ok: LOG_INJECTION
		log.Printf("[WARN] can't send response to %s, %s", r.RemoteAddr, err)
	}
	// ruleid: XSS
	n, err := io.WriteString(w, r.URL.Query().Get("more"))
	// ok: LOG_INJECTION
	log.Printf("[WARN] wrote %d bytes, %v", n, err)
	var sb strings.Builder
	sb.WriteString(r.URL.Query().Get("more"))
	// ruleid: LOG_INJECTION
	log.Printf("[INFO] echoed %s", sb.String())
}

// A one-time value consumed from the server's store (an OAuth state, a verification code) is what the
// server saved under the request's key, not the key.
type oauthState struct {
	Provider string
	UserID   string
}

type stateService interface {
	ConsumeOAuthState(r *http.Request, state string) (*oauthState, error)
}

type connectorHandler struct{ states stateService }

func (h *connectorHandler) Callback(w http.ResponseWriter, r *http.Request) {
	info, err := h.states.ConsumeOAuthState(r, r.URL.Query().Get("state"))
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("oauth state lookup failed: %v", err)
		return
	}
	// ok: LOG_INJECTION
	log.Printf("oauth callback for provider %s", info.Provider)
	// ruleid: LOG_INJECTION
	log.Printf("oauth callback with state %s", r.URL.Query().Get("state"))
}

type loginForm struct {
	User string `json:"user"`
}

// A decoder given a pointer returns only its error, which names the type and field and quotes a rejected
// character: the error is no log line's forgery, the decoded value still is.
func Decoded(w http.ResponseWriter, r *http.Request) {
	var form loginForm
	if err := json.NewDecoder(r.Body).Decode(&form); err != nil {
		// ok: LOG_INJECTION
		log.Printf("bad login body: %v", err)
		return
	}
	// ruleid: LOG_INJECTION
	log.Printf("login of %s", form.User)
}

func Unmarshalled(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var form loginForm
	err := json.Unmarshal(body, &form)
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("bad login body: %v", err)
	}
	// A project's own decoder may paste the input into its error.
	err = parseLogin(body, &form)
	// ruleid: LOG_INJECTION
	log.Printf("bad login: %v", err)
}

func parseLogin(body []byte, form *loginForm) error {
	return fmt.Errorf("cannot read %s", body)
}

// A decoder given a pointer it holds (`form := &loginForm{}`), its error assigned to a declared `err`.
func DecodedIntoPointer(w http.ResponseWriter, r *http.Request) {
	var err error
	form := &loginForm{}
	err = json.NewDecoder(r.Body).Decode(form)
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("bad login body: %v", err)
		return
	}
	handleLogin(w, form)
}

func handleLogin(w http.ResponseWriter, form *loginForm) {}

type jobSearch struct {
	Name string `form:"name"`
}

// A binder given the pointer a method receives (its receiver, a pointer parameter): its one result is the error.
func (m *jobSearch) Bind(c *gin.Context) error {
	err := c.ShouldBind(m)
	if err != nil {
		// ok: LOG_INJECTION
		log.Printf("bind error: %s", err)
	}
	return err
}

func bindInto(c *gin.Context, form *loginForm) {
	if err := c.ShouldBindJSON(form); err != nil {
		// ok: LOG_INJECTION
		log.Printf("bind error: %v", err.Error())
	}
}

// A helper binding into whatever its caller passes (`data any`): the binder fills it, its one result is the error.
func bindAndCheck(c *gin.Context, data any) bool {
	if err := c.ShouldBind(data); err != nil {
		// ok: LOG_INJECTION
		log.Printf("bind failed: %s", err.Error())
		return true
	}
	return false
}

// A form made as a pointer (`form := &loginForm{}`) and given to the binder as it is receives the request's fields.
func bindPointer(c *gin.Context) {
	form := &loginForm{}
	if err := c.ShouldBindJSON(form); err != nil {
		return
	}
	// ruleid: LOG_INJECTION
	log.Printf("login for %s", form.User)
}

// A header value holds no control character (net/http answers 400 to one), so it cannot start a new log line;
// a form value can.
func UploadStart(c echo.Context) error {
	contentType := c.Request().Header.Get("Content-Type")
	boundary := contentType[strings.Index(contentType, "boundary=")+9:]
	// ok: LOG_INJECTION
	log.Printf("upload with boundary [%s]", boundary)
	// ok: LOG_INJECTION
	log.Printf("upload from %s", c.Request().UserAgent())
	// ruleid: LOG_INJECTION
	log.Printf("upload into %s", c.FormValue("dir"))
	return nil
}

func Ping(w http.ResponseWriter, r *http.Request) {
	// ok: LOG_INJECTION
	log.Printf("ping from %s (%s)", r.Header.Get("X-Client-Name"), r.UserAgent())
	// ruleid: LOG_INJECTION
	log.Printf("ping for %s", r.URL.Query().Get("check"))
}

func PingGin(c *gin.Context) {
	// ok: LOG_INJECTION
	log.Printf("ping from %s", c.GetHeader("X-Client-Name"))
	// ruleid: LOG_INJECTION
	log.Printf("ping for %s", c.Query("check"))
}

// Handlers wrapped by an administrators-only check where they are declared (`withAdmin(func…)`), then registered
// by name: the operator's own input, logged as the operator typed it.
type handlerData struct{ root string }

type handleFunc func(w http.ResponseWriter, r *http.Request, d *handlerData) (int, error)

func withUser(fn handleFunc) handleFunc  { return fn }
func withAdmin(fn handleFunc) handleFunc { return fn }

var brandingPutHandler = withAdmin(func(w http.ResponseWriter, r *http.Request, d *handlerData) (int, error) {
	// ok: LOG_INJECTION
	log.Printf("branding: name set to %s", r.FormValue("name"))
	return http.StatusOK, nil
})

var profilePutHandler = withUser(func(w http.ResponseWriter, r *http.Request, d *handlerData) (int, error) {
	// ruleid: LOG_INJECTION
	log.Printf("profile: name set to %s", r.FormValue("name"))
	return http.StatusOK, nil
})

// json.Encoder.Encode writes the value to the response and returns only a write or type error.
func writeJSON(w http.ResponseWriter, status int, data any) {
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(data); err != nil {
		// ok: LOG_INJECTION
		log.Println("failed to write JSON:", err)
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(data); err != nil {
		// ok: LOG_INJECTION
		log.Println("failed to write JSON:", err)
	}
}

type folderForm struct {
	Title string `json:"title"`
}

func CreateFolder(w http.ResponseWriter, r *http.Request) {
	var body folderForm
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	// ruleid: LOG_INJECTION
	log.Printf("creating folder %s", body.Title)
	writeJSON(w, http.StatusOK, map[string]string{"title": body.Title})
}
