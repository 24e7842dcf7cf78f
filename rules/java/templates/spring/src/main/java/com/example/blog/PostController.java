package com.example.blog;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.util.HtmlUtils;

@Controller
public class PostController {

    @GetMapping("/posts/search")
    public String search(@RequestParam String q, Model model) {
        model.addAttribute("query", q);
        model.addAttribute("escaped", HtmlUtils.htmlEscape(q));
        model.addAttribute("site", "Blog");
        return "posts/search";
    }

    @GetMapping("/posts/tag")
    public String tag(@RequestParam String tag, Map<String, Object> model) {
        model.put("tag", tag);
        Map<String, Object> other = new HashMap<>();
        other.put("query", tag);
        return "posts/tag";
    }

    @GetMapping("/posts/preview")
    public ModelAndView preview(@RequestParam String body) {
        return new ModelAndView("posts/preview", "body", body);
    }
}
