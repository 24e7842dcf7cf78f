package pages

import (
	"database/sql"
	"encoding/xml"
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/feeds"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"
	"howett.net/plist"
)

var page = template.Must(template.New("page").Parse(`<p>{{.}}</p>`))

func Welcome(w http.ResponseWriter, r *http.Request) {
	who := r.URL.Query().Get("who")
	// ruleid: XSS
	fmt.Fprintln(w, "<h1>Welcome "+who+"</h1>")
}

// The Host, headers and cookies come from the victim's own browser; the Referer is the attacker's page.
func Discovery(w http.ResponseWriter, r *http.Request) {
	// ok: XSS
	fmt.Fprintf(w, "<Link href=\"https://%s/profile\"/>", r.Host)
	if c, err := r.Cookie("theme"); err == nil {
		// ok: XSS
		fmt.Fprintln(w, "<body class=\""+c.Value+"\">")
	}
	// ok: XSS
	fmt.Fprintln(w, "<p>"+r.UserAgent()+"</p>")
	// ruleid: XSS
	fmt.Fprintln(w, "<a href=\""+r.Header.Get("Referer")+"\">back</a>")
}

func WelcomeEscaped(w http.ResponseWriter, r *http.Request) {
	who := r.URL.Query().Get("who")
	// ok: XSS
	fmt.Fprintf(w, "<h1>Welcome %s</h1>", html.EscapeString(who))
}

func WelcomeTemplate(w http.ResponseWriter, r *http.Request) {
	// ok: XSS
	page.Execute(w, r.URL.Query().Get("who"))
}

func Signature(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	sig := template.HTML(r.PostFormValue("signature"))
	page.Execute(w, sig)
}

func Motd(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	io.WriteString(w, "<marquee>"+r.FormValue("motd")+"</marquee>")
}

func Preview(c *gin.Context) {
	// ruleid: XSS
	c.Data(http.StatusOK, "text/html", []byte(c.PostForm("markup")))
}

func PreviewText(c *gin.Context) {
	// ok: XSS
	c.Data(http.StatusOK, "text/plain", []byte(c.PostForm("markup")))
}

type Cart interface {
	Add(skus []string) int
}

var cart Cart

func AddToCart(w http.ResponseWriter, r *http.Request) {
	count := cart.Add(r.PostForm["sku"])
	// ok: XSS
	fmt.Fprintf(w, `{"added":%d}`, count)
}

func Greeting(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	fmt.Fprintf(w, "<p>%d items for %s</p>", 3, r.URL.Query().Get("name"))
}

// A playlist is served with its own media type: browsers do not render it as a page.
func Playlist(w http.ResponseWriter, r *http.Request) {
	track := r.URL.Query().Get("track")
	w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
	// ok: XSS
	fmt.Fprintf(w, "#EXTM3U\n#EXTINF:-1,\n%s\n", track)
}

func Feed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/rss+xml")
	// ruleid: XSS
	io.WriteString(w, "<title>"+r.URL.Query().Get("q")+"</title>")
}

func SegmentLink(w http.ResponseWriter, r *http.Request) {
	q := url.Values{}
	q.Set("api_key", r.Header.Get("X-Api-Key"))
	// ok: XSS
	io.WriteString(w, `<a href="stream?`+q.Encode()+`">next</a>`)
}

// Rows a query returns are stored records, not the request value bound as its parameter.
type postRow struct{ Title, Body string }

type postStore struct {
	sqlDB  *sql.DB
	sqlxDB *sqlx.DB
	orm    *gorm.DB
}

func (s *postStore) RawPost(w http.ResponseWriter, r *http.Request) {
	var title, body string
	s.sqlDB.QueryRow("SELECT title, body FROM posts WHERE slug = ?", r.URL.Query().Get("slug")).Scan(&title, &body)
	// ok: XSS
	fmt.Fprint(w, body)
}

func (s *postStore) PostList(w http.ResponseWriter, r *http.Request) {
	rows, _ := s.sqlDB.QueryContext(r.Context(), "SELECT body FROM posts WHERE author = $1", r.FormValue("author"))
	defer rows.Close()
	for rows.Next() {
		var body string
		rows.Scan(&body)
		// ok: XSS
		io.WriteString(w, body)
	}
}

func (s *postStore) SqlxPost(w http.ResponseWriter, r *http.Request) {
	var p postRow
	s.sqlxDB.Get(&p, "SELECT title, body FROM posts WHERE slug = ?", r.FormValue("slug"))
	// ok: XSS
	fmt.Fprint(w, p.Body)
}

func (s *postStore) GormPost(w http.ResponseWriter, r *http.Request) {
	var p postRow
	s.orm.Where("slug = ?", r.FormValue("slug")).First(&p)
	// ok: XSS
	fmt.Fprint(w, p.Body)
}

func (s *postStore) EchoSlug(w http.ResponseWriter, r *http.Request) {
	var p postRow
	slug := r.FormValue("slug")
	s.orm.Where("slug = ?", slug).First(&p)
	// ruleid: XSS
	fmt.Fprint(w, "<h1>"+slug+"</h1>"+p.Body)
}

// A read method of the application's store (its code in another package) returns stored records.
type handlers struct {
	store interface {
		GetPostBySlug(slug string) (*postRow, error)
		CreatePost(title string) (*postRow, error)
	}
}

func (h *handlers) StoredPost(w http.ResponseWriter, r *http.Request) {
	p, _ := h.store.GetPostBySlug(r.FormValue("slug"))
	// ok: XSS
	fmt.Fprint(w, p.Body)
}

func (h *handlers) NewPost(w http.ResponseWriter, r *http.Request) {
	p, _ := h.store.CreatePost(r.FormValue("title"))
	// ruleid: XSS
	fmt.Fprint(w, "<h1>"+p.Title+"</h1>")
}

// A query builder of the store, narrowed by the request and then read, gives the stored records.
type entryQuery interface {
	WithSearchQuery(q string) entryQuery
	WithTitle(t string) entryQuery
	GetEntry() (*postRow, error)
}

type builderHandlers struct {
	store interface {
		NewEntryQueryBuilder(userID int64) entryQuery
	}
}

func (h *builderHandlers) FoundEntry(w http.ResponseWriter, r *http.Request) {
	e, _ := h.store.NewEntryQueryBuilder(1).WithSearchQuery(r.FormValue("q")).GetEntry()
	// ok: XSS
	fmt.Fprint(w, e.Body)
	// ruleid: XSS
	fmt.Fprint(w, "<p>"+r.FormValue("q")+"</p>")
}

// A chain from the store through its per-entity services to a read (portainer's
// `DataStore.Endpoint().Endpoint(id)`, a getter named for its entity; `DataStore.User().UserByUsername(name)`) or a
// repository client a dependency container hands out (cloudreve's `dep.DirectLinkClient().GetByNameID(ctx, id, name)`).
type endpointService interface {
	Endpoint(id string) (*postRow, error)
	Endpoints() ([]postRow, error)
	UserByUsername(name string) (*postRow, error)
	Rename(id, name string) (*postRow, error)
}

type dataStoreHandler struct {
	DataStore interface {
		Endpoint() endpointService
		User() endpointService
	}
	render interface {
		Page() endpointService
	}
}

type container interface {
	DirectLinkClient() interface {
		GetByNameID(id, name string) (*postRow, error)
	}
}

func (h *dataStoreHandler) ShowEndpoint(w http.ResponseWriter, r *http.Request) {
	e, _ := h.DataStore.Endpoint().Endpoint(r.FormValue("id"))
	// ok: XSS
	fmt.Fprint(w, e.Body)
	u, _ := h.DataStore.User().UserByUsername(r.FormValue("name"))
	// ok: XSS
	fmt.Fprint(w, u.Body)
	renamed, _ := h.DataStore.Endpoint().Rename(r.FormValue("id"), r.FormValue("name"))
	// ruleid: XSS
	fmt.Fprint(w, "<h1>"+renamed.Title+"</h1>")
	// Not the store: a value the request chose goes through the renderer.
	p, _ := h.render.Page().Endpoint(r.FormValue("title"))
	// ruleid: XSS
	fmt.Fprint(w, p.Body)
}

func ShowDirectLink(dep container, w http.ResponseWriter, r *http.Request) {
	dl, _ := dep.DirectLinkClient().GetByNameID(r.FormValue("id"), r.FormValue("name"))
	// ok: XSS
	fmt.Fprint(w, dl.Body)
}

// Any service the application keeps in a struct field reads stored records with its finders.
type campaignApp struct {
	core interface {
		GetCampaign(uuid string) (*postRow, error)
	}
}

func (a *campaignApp) Archive(w http.ResponseWriter, r *http.Request) {
	c, _ := a.core.GetCampaign(r.URL.Query().Get("uuid"))
	// ok: XSS
	fmt.Fprint(w, c.Body)
}

// A package-level service value reads stored records with its finders too.
var campaignService interface {
	GetCampaign(uuid string) (*postRow, error)
	RenameCampaign(uuid, name string) (*postRow, error)
}

func ShowCampaign(w http.ResponseWriter, r *http.Request) {
	c, _ := campaignService.GetCampaign(r.URL.Query().Get("uuid"))
	// ok: XSS
	fmt.Fprint(w, c.Body)
	renamed, _ := campaignService.RenameCampaign(r.URL.Query().Get("uuid"), r.URL.Query().Get("name"))
	// ruleid: XSS
	fmt.Fprint(w, "<h1>"+renamed.Title+"</h1>")
}

// gorilla/feeds writes the feed with encoding/xml (or encoding/json), which escapes every text node.
func TagFeed(w http.ResponseWriter, r *http.Request) {
	tag := r.URL.Query().Get("tag")
	feed := &feeds.Feed{Title: tag + " posts", Link: &feeds.Link{Href: "https://blog.example/"}}
	rss, _ := feed.ToRss()
	w.Header().Set("Content-Type", "application/rss+xml")
	// ok: XSS
	fmt.Fprint(w, rss)
}

type dnsProfile struct {
	XMLName    xml.Name `xml:"profile"`
	ServerName string   `xml:"server" plist:"ServerName"`
}

// An XML encoder escapes every text node and attribute: a profile built around the requested host is data.
func DNSProfile(w http.ResponseWriter, r *http.Request) {
	profile := dnsProfile{ServerName: r.URL.Query().Get("host")}
	doc, _ := plist.MarshalIndent(profile, plist.XMLFormat, "\t")
	w.Header().Set("Content-Type", "application/xml")
	// ok: XSS
	_, _ = w.Write(doc)
	same, _ := xml.MarshalIndent(profile, "", "  ")
	// ok: XSS
	_, _ = w.Write(same)
	// A binary or OpenStep property list writes strings as they are.
	raw, _ := plist.Marshal(profile, plist.OpenStepFormat)
	// ruleid: XSS
	_, _ = w.Write(raw)
	// ruleid: XSS
	_, _ = w.Write([]byte("<profile>" + profile.ServerName + "</profile>"))
}
