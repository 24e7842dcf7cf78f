package com.example.plugins;

import java.lang.reflect.Method;
import java.util.Map;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class PluginRunner {

    private static final Map<String, Class<? extends Runnable>> PLUGINS = Map.of("reindex", Reindex.class);

    static final class Reindex implements Runnable {
        @Override
        public void run() {
        }
    }

    @PostMapping("/plugins/load")
    public void load(@RequestParam String type) throws Exception {
        // ruleid: UNSAFE_REFLECTION
        Class<?> cls = Thread.currentThread().getContextClassLoader().loadClass(type);
        ((Runnable) cls.getDeclaredConstructor().newInstance()).run();
    }

    @PostMapping("/plugins/run")
    public void run(@RequestParam String name) throws Exception {
        Class<? extends Runnable> cls = PLUGINS.get(name);
        if (cls == null) {
            throw new IllegalArgumentException("unknown plugin");
        }
        // ok: UNSAFE_REFLECTION
        cls.getDeclaredConstructor().newInstance().run();
    }

    @PostMapping("/plugins/call")
    public Object call(@RequestParam String action) throws Exception {
        // ruleid: UNSAFE_REFLECTION
        Method m = PluginRunner.class.getDeclaredMethod(action);
        return m.invoke(this);
    }
}
