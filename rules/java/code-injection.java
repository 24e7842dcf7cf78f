package com.example.pricing;

import java.util.Map;

import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;

import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.common.TemplateParserContext;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import com.ql.util.express.DefaultContext;
import com.ql.util.express.ExpressRunner;
import com.ql.util.express.config.QLExpressRunStrategy;
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

    @PostMapping("/pricing/label")
    public Object label(@RequestParam String pattern) {
        StandardEvaluationContext ctx = new StandardEvaluationContext(cart);
        Expression parsed = parser.parseExpression(pattern, new TemplateParserContext());
        // ruleid: CODE_INJECTION
        return parsed.getValue(ctx);
    }

    @PostMapping("/pricing/label/v2")
    public Object labelSafe(@RequestParam String pattern) {
        SimpleEvaluationContext ctx = SimpleEvaluationContext.forReadOnlyDataBinding().build();
        Expression parsed = parser.parseExpression(pattern, new TemplateParserContext());
        // ok: CODE_INJECTION
        return parsed.getValue(ctx, cart);
    }

    @PostMapping("/pricing/label/fixed")
    public Object labelFixed(@RequestParam String pattern) {
        Expression parsed = parser.parseExpression("Total: #{total}", new TemplateParserContext());
        // ok: CODE_INJECTION
        return parsed.getValue(new StandardEvaluationContext(cart));
    }

    @PostMapping("/pricing/ql")
    public Object ql(@RequestParam String rule) throws Exception {
        ExpressRunner evaluator = new ExpressRunner();
        DefaultContext<String, Object> vars = new DefaultContext<>();
        vars.putAll(cart);
        // ruleid: CODE_INJECTION
        return evaluator.execute(rule, vars, null, true, false);
    }

    @PostMapping("/pricing/ql/v2")
    public Object qlRestricted(@RequestParam String rule) throws Exception {
        QLExpressRunStrategy.setForbidInvokeSecurityRiskMethods(true);
        ExpressRunner evaluator = new ExpressRunner();
        DefaultContext<String, Object> vars = new DefaultContext<>();
        // ok: CODE_INJECTION
        return evaluator.execute(rule, vars, null, true, false);
    }

    @PostMapping("/pricing/script")
    public Object script(@RequestParam String source) throws Exception {
        ScriptEngine js = new ScriptEngineManager().getEngineByName("graal.js");
        // ruleid: CODE_INJECTION
        return js.eval(source);
    }

    static class PluginLoader extends ClassLoader {
        Class<?> load(String encoded) {
            byte[] code = java.util.Base64.getDecoder().decode(encoded);
            // ruleid: CODE_INJECTION
            return defineClass(null, code, 0, code.length);
        }
    }

    @PostMapping("/pricing/plugin")
    public Object plugin(@RequestParam String encoded) throws Exception {
        return new PluginLoader().load(encoded).getDeclaredConstructor().newInstance();
    }

    static class BundledLoader extends ClassLoader {
        Class<?> bundled() throws java.io.IOException {
            byte[] code = PricingRules.class.getResourceAsStream("/plugins/Default.class").readAllBytes();
            // ok: CODE_INJECTION
            return defineClass("Default", code, 0, code.length);
        }
    }
}
