package catalog

import (
	"net/http"
	"strconv"

	"github.com/antchfx/xmlquery"
)

type Feed struct {
	Root *xmlquery.Node
}

func (f *Feed) ByBrand(w http.ResponseWriter, r *http.Request) {
	brand := r.URL.Query().Get("brand")
	// ruleid: XPATH_INJECTION
	nodes := xmlquery.Find(f.Root, "//item[brand='"+brand+"']")
	w.Write([]byte(strconv.Itoa(len(nodes))))
}

func (f *Feed) ByIndex(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil {
		http.Error(w, "bad index", http.StatusBadRequest)
		return
	}
	// ok: XPATH_INJECTION
	node := xmlquery.FindOne(f.Root, "//item["+strconv.Itoa(n)+"]")
	if node != nil {
		w.Write([]byte(node.SelectAttr("id")))
	}
}
