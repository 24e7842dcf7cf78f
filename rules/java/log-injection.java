package com.example.accounts;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AccountAudit {

    private static final Logger LOGGER = LoggerFactory.getLogger(AccountAudit.class);
    private static final Logger audit = LoggerFactory.getLogger("audit");

    @PostMapping("/accounts/lock")
    public void lock(@RequestParam String account, @RequestParam String reason) {
        // ruleid: LOG_INJECTION
        LOGGER.info("Locking account {} because {}", account, reason);
    }

    // Spring converts each element of a list or array of numbers: a number forges no line.
    @PostMapping("/accounts/stop")
    public void stop(@RequestParam("ids[]") java.util.List<Integer> ids, @RequestParam("tags[]") java.util.List<String> tags, long[] refs) {
        // ok: LOG_INJECTION
        LOGGER.info("Stopping accounts {} {}", ids.get(0), refs[0]);
        // ruleid: LOG_INJECTION
        LOGGER.info("Stopping accounts tagged {}", tags.get(0));
    }

    // An array's length is a number, whatever the array holds.
    @PostMapping("/accounts/sort")
    public void sort(@RequestParam("names") String[] names) {
        // ok: LOG_INJECTION
        LOGGER.info("Sorting {} accounts", names.length);
        // ruleid: LOG_INJECTION
        LOGGER.info("Sorting from {}", names[0]);
    }

    // The class of a parsed request value names a type, not the value's text.
    @PostMapping("/accounts/flags")
    public void flags(@RequestBody java.util.Map<String, Object> body) {
        Object flag = body.get("custom");
        // ok: LOG_INJECTION
        LOGGER.error("Cannot cast " + flag.getClass() + " to a boolean value");
        // ok: LOG_INJECTION
        LOGGER.warn("Unexpected {}", flag.getClass().getSimpleName());
        // ruleid: LOG_INJECTION
        LOGGER.error("Cannot cast " + flag + " to a boolean value");
    }

    // An exception handler mapped like an action gets the exception thrown, not a request value.
    @org.springframework.web.bind.annotation.RequestMapping(produces = "application/json")
    @org.springframework.web.bind.annotation.ExceptionHandler(IllegalStateException.class)
    public String failed(IllegalStateException exception, String parsed) {
        // ok: LOG_INJECTION
        LOGGER.error(exception.getMessage(), exception);
        // ruleid: LOG_INJECTION
        LOGGER.error("Cannot load {}", parsed);
        return "error";
    }

    @PostMapping("/accounts/unlock")
    public void unlock(@RequestParam String account) {
        String printable = account.replace('\n', ' ').replace('\r', ' ');
        String cleaned = account.replaceAll("[\\r\\n]+", " ");
        // ok: LOG_INJECTION
        LOGGER.info("Unlocking account {}", cleaned);
        // ok: LOG_INJECTION
        LOGGER.debug("Unlock request handled");
    }

    private final Catalog catalog = new Catalog();

    static final class Catalog {
        void info(String sku) {
        }
    }

    @PostMapping("/accounts/catalog")
    public void catalogInfo(@RequestParam String sku) {
        // ok: LOG_INJECTION
        catalog.info(sku);
    }

    private static String encodedContext(String path) {
        return java.util.Base64.getUrlEncoder().encodeToString(path.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @PostMapping("/accounts/report")
    public void report(@RequestParam String path) {
        // ok: LOG_INJECTION
        LOGGER.info("Report endpoint for {}", encodedContext(path));
    }

    @PostMapping("/accounts/close")
    public void close(@RequestParam String account) {
        // ruleid: LOG_INJECTION
        audit.warn("Closing account " + account);
    }

    @PostMapping("/accounts/import")
    public void importAccounts(@org.springframework.web.bind.annotation.RequestBody com.alibaba.fastjson.JSONObject params, @RequestParam String note) throws Exception {
        // JSON text writes a line break inside a string as \n.
        // ok: LOG_INJECTION
        LOGGER.info("Import request {}", params.toJSONString());
        // ok: LOG_INJECTION
        LOGGER.info("Import note " + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(note));
        // ok: LOG_INJECTION
        LOGGER.info("Import note {}", com.alibaba.fastjson.JSON.toJSONString(note));
        // ruleid: LOG_INJECTION
        LOGGER.info("Import table " + params.getString("tableName"));
    }

    @PostMapping("/accounts/trace")
    public void traceCall(@RequestParam String account, jakarta.servlet.http.HttpServletRequest request) {
        // ok: LOG_INJECTION
        LOGGER.debug("Trace for {}", account);
        // ok: LOG_INJECTION
        java.util.logging.Logger.getLogger("accounts").log(java.util.logging.Level.FINE, "Trace for {0}", account);
        // ok: LOG_INJECTION
        LOGGER.warn("Unexpected call to {} from {}", request.getRequestURI(), request.getHeader("X-Forwarded-For"));
        // ruleid: LOG_INJECTION
        LOGGER.warn("Unexpected call with {}", request.getParameter("crumb"));
    }
}

/** MyBatis-Plus: records a mapper or service reads by key are stored data, not the request's text. */
@RestController
class RoleAudit {
    private static final Logger log = LoggerFactory.getLogger(RoleAudit.class);

    interface Role { String getCode(); }

    interface RoleMapper extends com.baomidou.mybatisplus.core.mapper.BaseMapper<Role> {}

    static class RoleService extends com.baomidou.mybatisplus.extension.service.impl.ServiceImpl<RoleMapper, Role> {
        void rename(String id, String code) {
            Role old = this.getById(id);
            // ok: LOG_INJECTION
            log.info("role {} renamed", old.getCode());
            Role byCode = baseMapper.selectOne(com.baomidou.mybatisplus.core.toolkit.Wrappers.<Role>lambdaQuery().eq(Role::getCode, code));
            // ok: LOG_INJECTION
            log.info("role found: {}", byCode.getCode());
            // ruleid: LOG_INJECTION
            log.info("renamed to {}", code);
        }
    }

    private final RoleService roles = new RoleService();

    @PostMapping("/roles/rename")
    public void rename(@RequestParam String id, @RequestParam String code) {
        roles.rename(id, code);
    }
}
