package suppliers

import (
	"encoding/xml"
	"io"
	"net/http"

	"github.com/lestrrat-go/libxml2/parser"
)

type invoice struct {
	Number string `xml:"number"`
}

func UploadInvoice(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	p := parser.New(parser.XMLParseDTDLoad | parser.XMLParseNoEnt)
	// ruleid: XXE
	doc, err := p.Parse(data)
	if err == nil {
		doc.Free()
	}
}

func UploadInvoiceDefault(w http.ResponseWriter, r *http.Request) {
	var inv invoice
	// ok: XXE
	if err := xml.NewDecoder(r.Body).Decode(&inv); err != nil {
		http.Error(w, "bad invoice", http.StatusBadRequest)
	}
}

func UploadInvoiceStrict(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	p := parser.New(parser.XMLParseNoNet)
	// ok: XXE
	doc, err := p.Parse(data)
	if err == nil {
		doc.Free()
	}
}
