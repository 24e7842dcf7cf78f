package com.example.pricing;

import java.util.Map;

import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;

import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class PricingRules {

    private final ExpressionParser parser = new SpelExpressionParser();
    private final Map<String, Object> cart = Map.of("total", 120, "items", 3);

    @PostMapping("/pricing/preview")
    public Object preview(@RequestParam String formula) {
        // ruleid: CODE_INJECTION
        return parser.parseExpression(formula).getValue(cart);
    }

    @PostMapping("/pricing/preview/v2")
    public Object previewSafe(@RequestParam String formula) {
        SimpleEvaluationContext ctx = SimpleEvaluationContext.forReadOnlyDataBinding().build();
        // ok: CODE_INJECTION
        return parser.parseExpression(formula).getValue(ctx, cart);
    }

    @PostMapping("/pricing/fixed")
    public Object fixed() {
        // ok: CODE_INJECTION
        return parser.parseExpression("total > 100 ? 0.1 : 0").getValue(cart);
    }

    @PostMapping("/pricing/script")
    public Object script(@RequestParam String source) throws Exception {
        ScriptEngine js = new ScriptEngineManager().getEngineByName("graal.js");
        // ruleid: CODE_INJECTION
        return js.eval(source);
    }
}
