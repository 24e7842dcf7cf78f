package com.example.admin;

import cn.dev33.satoken.annotation.SaCheckPermission;
import cn.dev33.satoken.annotation.SaCheckRole;
import cn.dev33.satoken.annotation.SaMode;
import org.apache.shiro.authz.annotation.Logical;
import org.apache.shiro.authz.annotation.RequiresPermissions;
import org.apache.shiro.authz.annotation.RequiresRoles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

// Handlers of an admin framework's back office (RuoYi, jeecg, renren, pig, yudao): a Shiro, Sa-Token or
// custom Spring Security permission naming an administrator's role or a permission of the system-management
// resources (`system:user:…`, `sys:dict:…`) and monitoring menus (`monitor:`, `admin:`, `infra:`) is held by those
// who run the system, whose input is trusted for what they configure anyway (here, a log line).
@RestController
public class CacheAdminController {
    private static final Logger log = LoggerFactory.getLogger(CacheAdminController.class);

    @RequiresPermissions("monitor:cache:view")
    @PostMapping("/monitor/cache/clearCacheName")
    public void clearCacheName(String cacheName) {
        // ok: LOG_INJECTION
        log.info("clearing cache {}", cacheName);
    }

    @RequiresRoles("admin")
    @PostMapping("/tool/gen/createTable")
    public void createTable(String sql) {
        // ok: LOG_INJECTION
        log.info("creating table {}", sql);
    }

    @RequiresPermissions(value = { "monitor:online:view", "monitor:online:forceLogout" }, logical = Logical.OR)
    @PostMapping("/monitor/online/forceLogout")
    public void forceLogout(String sessionId) {
        // ok: LOG_INJECTION
        log.info("force logout {}", sessionId);
    }

    @SaCheckPermission("system:config:edit")
    @PostMapping("/system/config")
    public void editConfig(String configKey) {
        // ok: LOG_INJECTION
        log.info("config {} changed", configKey);
    }

    @SaCheckRole(value = { "superadmin", "sysadmin" }, mode = SaMode.OR)
    @PostMapping("/system/tenant")
    public void addTenant(String tenantName) {
        // ok: LOG_INJECTION
        log.info("tenant {} added", tenantName);
    }

    @PreAuthorize("@ss.hasPermi('system:user:edit')")
    @PostMapping("/system/user/edit")
    public void editUser(String userName) {
        // ok: LOG_INJECTION
        log.info("user {} edited", userName);
    }

    @PreAuthorize("@ss.hasAnyPermi('sys:dict:add,sys:dict:edit')")
    @PostMapping("/sys/dict")
    public void saveDict(String dictType) {
        // ok: LOG_INJECTION
        log.info("dict {} saved", dictType);
    }

    @PreAuthorize("@el.check('admin:log:del')")
    @PostMapping("/admin/log/del")
    public void deleteLog(String logType) {
        // ok: LOG_INJECTION
        log.info("logs {} deleted", logType);
    }

    // Still reported where it reaches beyond the role: a shell command.
    @RequiresPermissions("monitor:backup:run")
    @PostMapping("/system/backup")
    public void backup(String directory) throws Exception {
        // ok: LOG_INJECTION
        log.info("backup to {}", directory);
        // ruleid: COMMAND_INJECTION
        Runtime.getRuntime().exec("tar czf /var/backups/site.tgz " + directory);
    }

    // A business module's permission: a clerk of the shop holds it, not the system's operator.
    @RequiresPermissions("business:order:edit")
    @PostMapping("/business/order/edit")
    public void editOrder(String remark) {
        // ruleid: LOG_INJECTION
        log.info("order remark {}", remark);
    }

    @SaCheckPermission("order:refund")
    @PostMapping("/order/refund")
    public void refund(String reason) {
        // ruleid: LOG_INJECTION
        log.info("refund because {}", reason);
    }

    @PreAuthorize("@ss.hasPermi('shop:goods:edit')")
    @PostMapping("/shop/goods/edit")
    public void editGoods(String title) {
        // ruleid: LOG_INJECTION
        log.info("goods {} edited", title);
    }

    // Either permission lets the call in: a clerk's `business:` one is enough.
    @RequiresPermissions(value = { "system:user:view", "business:customer:view" }, logical = Logical.OR)
    @PostMapping("/customer/view")
    public void viewCustomer(String customer) {
        // ruleid: LOG_INJECTION
        log.info("customer {} viewed", customer);
    }

    @SaCheckRole(value = { "admin", "common" }, mode = SaMode.OR)
    @PostMapping("/notice/read")
    public void readNotice(String noticeId) {
        // ruleid: LOG_INJECTION
        log.info("notice {} read", noticeId);
    }

    @PreAuthorize("@ss.hasPermi('system:user:query') or isAuthenticated()")
    @PostMapping("/system/user/lookup")
    public void lookupUser(String name) {
        // ruleid: LOG_INJECTION
        log.info("lookup {}", name);
    }

    // RuoYi's code generator files a scaffolded business table under `system:` by default: not the system's own.
    @PreAuthorize("@ss.hasPermi('system:payroll:edit')")
    @PostMapping("/system/payroll/edit")
    public void editPayroll(String employee) {
        // ruleid: LOG_INJECTION
        log.info("payroll of {} edited", employee);
    }

    @RequiresPermissions("sys_student_add")
    @PostMapping("/sys/student")
    public void addStudent(String studentName) {
        // ruleid: LOG_INJECTION
        log.info("student {} added", studentName);
    }

    @RequiresPermissions("sys_syspublicparam_edit")
    @PostMapping("/sys/param")
    public void editParam(String paramKey) {
        // ok: LOG_INJECTION
        log.info("param {} edited", paramKey);
    }

    // Spring Security's role expressions: every role quoted must be an administrator's.
    @PreAuthorize("hasAnyAuthority('SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER')")
    @PostMapping("/apiKey")
    public void saveApiKey(String description) {
        // ruleid: LOG_INJECTION
        log.info("api key {} saved", description);
    }

    @javax.annotation.security.RolesAllowed({"admin", "user"})
    @PostMapping("/profile/theme")
    public void theme(String theme) {
        // ruleid: LOG_INJECTION
        log.info("theme {}", theme);
    }

    @PreAuthorize("hasAnyAuthority('SYS_ADMIN', 'TENANT_ADMIN')")
    @PostMapping("/tenant/settings")
    public void tenantSettings(String setting) {
        // ok: LOG_INJECTION
        log.info("setting {}", setting);
    }

    @PreAuthorize(value = "@permissionValidator.isSuperAdmin()")
    @PostMapping("/server/config")
    public void serverConfig(String key) {
        // ok: LOG_INJECTION
        log.info("server config {}", key);
    }

    // A namespace that only starts like an administration one.
    @RequiresPermissions("systemic:risk:view")
    @PostMapping("/risk/view")
    public void viewRisk(String risk) {
        // ruleid: LOG_INJECTION
        log.info("risk {} viewed", risk);
    }
}
