package com.example.shop.web;

import com.example.shop.model.Product;
import com.example.shop.service.ProductService;
import com.example.shop.service.UploadService;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;
import org.springframework.web.util.UriUtils;

@Controller
public class StorefrontController {
    private final ProductService products;
    private final UploadService uploads;

    public StorefrontController(ProductService products, UploadService uploads) {
        this.products = products;
        this.uploads = uploads;
    }

    @GetMapping("/login/done")
    public String afterLogin(String continueTo) {
        // ruleid: OPEN_REDIRECT
        return "redirect:" + continueTo;
    }

    @GetMapping("/search")
    public String search(@RequestParam String q, Model model) {
        model.addAttribute("q", q);
        // ok: OPEN_REDIRECT
        return "redirect:/products?q=" + UriUtils.encodeQueryParam(q, "UTF-8");
    }

    @GetMapping("/pages/{slug}")
    @ResponseBody
    public org.springframework.core.io.Resource page(@PathVariable String slug, @RequestParam String lang) {
        // ok: PATH_TRAVERSAL
        return new org.springframework.core.io.FileSystemResource("/var/shop/pages/" + slug + ".html");
    }

    @GetMapping("/go")
    public RedirectView go(@RequestParam String target) {
        // ruleid: OPEN_REDIRECT
        return new RedirectView(target);
    }

    @GetMapping("/back")
    public ModelAndView back(@RequestParam String page) {
        // ruleid: OPEN_REDIRECT
        return new ModelAndView("redirect:" + page);
    }

    @GetMapping("/orders/done")
    public ModelAndView orderDone(@RequestParam String orderNo) {
        // ok: OPEN_REDIRECT
        return new ModelAndView("redirect:/orders/" + orderNo);
    }

    @PostMapping("/products")
    @ResponseBody
    public String create(@ModelAttribute Product product, @RequestParam String note) {
        products.save(product);
        // ruleid: XSS
        return "Saved with note " + note;
    }

    @GetMapping("/products/name")
    @ResponseBody
    public String name(@RequestParam Long id) {
        // ok: XSS
        return products.byId(id).getName();
    }

    @PostMapping("/products/image")
    public String upload(@RequestParam("image") MultipartFile image, @RequestParam String folder) throws Exception {
        uploads.store(image, folder);
        return "redirect:/products";
    }

    @GetMapping("/products/image")
    @ResponseBody
    public org.springframework.core.io.Resource image(@RequestParam String file) {
        return uploads.open(file);
    }
}
