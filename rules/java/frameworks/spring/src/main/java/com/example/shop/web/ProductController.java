package com.example.shop.web;

import com.example.shop.model.Product;
import com.example.shop.service.ProductService;
import com.example.shop.validation.SortField;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.util.HtmlUtils;

@RestController
@RequestMapping("/api/products")
@Validated
public class ProductController {
    private final ProductService products;
    private final RestTemplate restTemplate;

    public ProductController(ProductService products, RestTemplate restTemplate) {
        this.products = products;
        this.restTemplate = restTemplate;
    }

    @GetMapping
    public List<Product> list(@RequestParam String category, @SortField @RequestParam String sort) {
        return products.list(category, sort);
    }

    @GetMapping("/{id}")
    public Product show(@PathVariable Long id) {
        return products.byId(id);
    }

    @GetMapping(value = "/{id}/label", produces = MediaType.TEXT_HTML_VALUE)
    public String label(@PathVariable("id") String id, @RequestParam String caption) {
        // ruleid: XSS
        return "<span class=\"label\">" + caption + "</span>";
    }

    @GetMapping(value = "/preview", produces = MediaType.TEXT_HTML_VALUE)
    public String preview(@RequestParam String caption) {
        // ok: XSS
        return "<span class=\"label\">" + HtmlUtils.htmlEscape(caption) + "</span>";
    }

    @GetMapping("/{id}/card")
    public ResponseEntity<String> card(@PathVariable Long id, @RequestParam String highlight) {
        Product product = products.byId(id);
        // ruleid: XSS
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body("<div class=\"card\"><mark>" + highlight + "</mark></div>");
    }

    @GetMapping("/{id}/card.json")
    public ResponseEntity<String> cardJson(@PathVariable Long id, @RequestParam String highlight) {
        // ok: XSS
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body("{\"highlight\": \"" + highlight + "\"}");
    }

    @GetMapping("/{id}/export")
    public ResponseEntity<byte[]> export(@PathVariable Long id, @RequestHeader("X-Export-Name") String name) {
        byte[] csv = products.exportCsv(id);
        // ruleid: HEADER_INJECTION
        return ResponseEntity.ok().header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=" + name).body(csv);
    }

    @GetMapping("/price-check")
    public String priceCheck(@CookieValue("supplier") String supplier) {
        // ruleid: SSRF
        return restTemplate.getForObject(supplier, String.class);
    }

    @GetMapping("/price-check/fixed")
    public String priceCheckFixed(@RequestParam String sku) {
        // ok: SSRF
        return restTemplate.getForObject("https://supplier.example.com/prices/{sku}", String.class, sku);
    }

    @PostMapping("/{id}/moved")
    public ResponseEntity<Void> moved(@PathVariable Long id, @RequestParam String homepage) {
        // ruleid: OPEN_REDIRECT
        return ResponseEntity.status(HttpStatus.FOUND).header(HttpHeaders.LOCATION, homepage).build();
    }
}
