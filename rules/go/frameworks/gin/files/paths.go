package files

import "path/filepath"

const invoiceDir = "/var/lib/shop/invoices"

// InvoicePath names the PDF of an invoice.
func InvoicePath(id string) string {
	return filepath.Join(invoiceDir, id+".pdf")
}
