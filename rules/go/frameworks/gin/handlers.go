package main

import (
	"fmt"
	"html"
	"html/template"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"example.com/shop/files"
)

type reviewForm struct {
	Product string `json:"product"`
	Body    string `json:"body"`
}

func listProducts(c *gin.Context) {
	sort := c.DefaultQuery("sort", "name")
	// ruleid: XSS
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<p>sorted by "+sort+"</p>"))
	// ok: XSS
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<p>sorted by "+html.EscapeString(sort)+"</p>"))
	// ok: XSS
	c.Data(http.StatusOK, "text/plain", []byte(sort))
	page, _ := strconv.Atoi(c.Query("page"))
	// ok: XSS
	c.HTML(http.StatusOK, "products.tmpl", gin.H{"sort": sort, "page": page})
}

func showProduct(c *gin.Context) {
	// ruleid: XSS
	fmt.Fprintf(c.Writer, "<h1>%s</h1>", c.Param("slug"))
	// ruleid: XSS
	c.Writer.WriteString("<p>" + c.Params.ByName("slug") + "</p>")
	// ok: XSS
	c.Writer.WriteString(c.GetHeader("User-Agent"))
}

func searchUsers(c *gin.Context) {
	term := c.Query("q")
	// ruleid: TEMPLATE_INJECTION
	view, err := template.New("users").Parse(fmt.Sprintf(`<h2>Users matching "%s"</h2>{{range .}}<li>{{.}}</li>{{end}}`, term))
	if err != nil {
		c.String(http.StatusInternalServerError, "bad template")
		return
	}
	c.Header("Content-Type", "text/html")
	// ruleid: XSS
	view.Execute(c.Writer, []string{"ann", "bob"})
	fixed := template.Must(template.New("fixed").Parse(`<h2>Users matching "{{.}}"</h2>`))
	// ok: XSS
	fixed.Execute(c.Writer, term)
}

func postReview(c *gin.Context) {
	var form reviewForm
	if err := c.ShouldBindJSON(&form); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	// ruleid: XSS
	c.Writer.Write([]byte("<blockquote>" + form.Body + "</blockquote>"))
}

func loginDone(c *gin.Context) {
	next := c.Query("next")
	// ruleid: OPEN_REDIRECT
	c.Redirect(http.StatusFound, next)
	// ok: OPEN_REDIRECT
	c.Redirect(http.StatusFound, "/account?from="+next)
	// ok: OPEN_REDIRECT
	c.Redirect(http.StatusFound, c.Request.Header.Get("X-Back"))
}

func invoice(c *gin.Context) {
	id := c.Param("id")
	// ruleid: PATH_TRAVERSAL
	c.File(files.InvoicePath(id))
	if n, err := strconv.Atoi(id); err == nil {
		// ok: PATH_TRAVERSAL
		c.FileAttachment(files.InvoicePath(strconv.Itoa(n)), "invoice.pdf")
	}
	// ruleid: HEADER_INJECTION
	c.Header("Content-Disposition", "attachment; filename="+c.Query("name"))
	// ok: HEADER_INJECTION
	c.Header("X-Invoice", id)
}

func uploadAvatar(c *gin.Context) {
	fh, err := c.FormFile("avatar")
	if err != nil {
		return
	}
	// ruleid: UNSAFE_FILE_UPLOAD
	c.SaveUploadedFile(fh, filepath.Join("public/avatars", fh.Filename))
	// ruleid: PATH_TRAVERSAL
	c.SaveUploadedFile(fh, filepath.Join("public", c.PostForm("folder"), "avatar.png"))
	// ok: UNSAFE_FILE_UPLOAD
	c.SaveUploadedFile(fh, filepath.Join("public/avatars", uuid.NewString()+".png"))
}

func ping(c *gin.Context) {
	// ruleid: CORS_MISCONFIGURATION
	c.Header("Access-Control-Allow-Origin", c.Request.Header.Get("Origin"))
	c.String(http.StatusOK, "pong")
}

// forceHTTPS sends a plain-HTTP request to the same host and URI over TLS: the request's own URI starts
// with `/` after the host the browser asked for, so it cannot lead anywhere else.
func forceHTTPS(httpPort, httpsPort int) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.TLS != nil {
			c.Next()
			return
		}
		host := strings.Replace(c.Request.Host, fmt.Sprintf(":%d", httpPort), fmt.Sprintf(":%d", httpsPort), 1)
		// ok: OPEN_REDIRECT
		c.Redirect(http.StatusMovedPermanently, "https://"+host+c.Request.RequestURI)
		// ok: OPEN_REDIRECT
		c.Redirect(http.StatusMovedPermanently, "https://"+c.Request.Host+c.Request.URL.Path)
		// ruleid: OPEN_REDIRECT
		c.Redirect(http.StatusFound, "https://"+c.Query("host")+"/welcome")
		target := c.Query("to")
		// ruleid: OPEN_REDIRECT
		c.Redirect(http.StatusFound, "https://"+target)
		// ruleid: OPEN_REDIRECT
		c.Redirect(http.StatusFound, "https://"+target+"/welcome")
		c.Abort()
	}
}
