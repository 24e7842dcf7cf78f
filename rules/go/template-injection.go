package emails

import (
	"bytes"
	"net/http"
	"text/template"

	"github.com/gin-gonic/gin"
)

var receipt = template.Must(template.ParseFiles("templates/receipt.txt"))

func PreviewSubject(c *gin.Context) {
	// ruleid: TEMPLATE_INJECTION
	t, err := template.New("subject").Funcs(template.FuncMap{}).Parse(c.PostForm("subject"))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var buf bytes.Buffer
	_ = t.Execute(&buf, map[string]string{"Order": "1042"})
	c.String(http.StatusOK, buf.String())
}

func Receipt(c *gin.Context) {
	var buf bytes.Buffer
	// ok: TEMPLATE_INJECTION
	_ = receipt.Execute(&buf, map[string]string{"Customer": c.Query("customer")})
	c.String(http.StatusOK, buf.String())
}
