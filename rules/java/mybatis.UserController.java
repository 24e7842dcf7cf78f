package com.example.user;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import com.baomidou.mybatisplus.core.conditions.update.UpdateWrapper;
import com.baomidou.mybatisplus.core.toolkit.Wrappers;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

// MyBatis-Plus wrappers: the value arguments are bound, the raw-SQL methods and a string wrapper's
// column names are pasted into the statement.
@RestController
public class UserController {

    private static final Set<String> SORTABLE = Set.of("name", "created_at");

    private final UserMapper userMapper;

    public UserController(UserMapper userMapper) {
        this.userMapper = userMapper;
    }

    @GetMapping("/users")
    public List<User> list(@RequestParam String name, @RequestParam String sort, @RequestParam String limit) {
        QueryWrapper<User> query = new QueryWrapper<>();
        // ok: SQL_INJECTION
        query.eq("name", name);
        // ruleid: SQL_INJECTION
        query.orderByDesc(sort);
        // ruleid: SQL_INJECTION
        query.last("limit " + limit);
        return userMapper.selectList(query);
    }

    @GetMapping("/users/sorted")
    public List<User> sorted(@RequestParam String sort) {
        QueryWrapper<User> query = new QueryWrapper<>();
        String column = SORTABLE.contains(sort) ? sort : "created_at";
        // ok: SQL_INJECTION
        query.orderByAsc(column);
        return userMapper.selectList(query);
    }

    @GetMapping("/users/since")
    public List<User> since(@RequestParam String day, @RequestParam String dept) {
        LambdaQueryWrapper<User> query = Wrappers.lambdaQuery();
        // ok: SQL_INJECTION
        query.apply("date(created_at) >= {0}", day);
        // ruleid: SQL_INJECTION
        query.apply("dept_id in (" + dept + ")");
        // ruleid: SQL_INJECTION
        return userMapper.selectList(new QueryWrapper<User>().eq("active", 1).inSql("dept_id", "select id from dept where name = '" + dept + "'"));
    }

    @PostMapping("/users/rename")
    public int rename(@RequestParam String name, @RequestParam String id) {
        UpdateWrapper<User> update = new UpdateWrapper<>();
        // ok: SQL_INJECTION
        update.set("name", name).eq("id", id);
        // ruleid: SQL_INJECTION
        update.setSql("name = '" + name + "'");
        return userMapper.update(null, update);
    }

    // A column name checked against a pattern by a helper: `Columns.checked(sort)` runs the one-argument
    // overload, not the variable-arity one beside it, and a helper that first gives back an empty name as it is
    // gives back nothing a query can be changed with.
    @GetMapping("/users/by")
    public List<User> by(@RequestParam String sort, @RequestParam String group, @RequestParam String fields) {
        QueryWrapper<User> query = new QueryWrapper<>();
        // ok: SQL_INJECTION
        query.orderByAsc(Columns.checked(sort));
        // ok: SQL_INJECTION
        query.groupBy(Columns.named(group));
        // ruleid: SQL_INJECTION
        query.select(Columns.trimmed(fields));
        return userMapper.selectList(query);
    }

    // A class of the application's own with a method named `last` is no wrapper.
    @GetMapping("/users/history")
    public String history(@RequestParam String page) {
        History history = new History();
        // ok: SQL_INJECTION
        return history.last(page);
    }
}

class Columns {
    private static final Pattern NAME = Pattern.compile("^[a-z_]+$");

    static String checked(String column) {
        if (!NAME.matcher(column).matches()) {
            throw new IllegalArgumentException("not a column name");
        }
        return column;
    }

    static String checked(String... columns) {
        for (String column : columns) {
            checked(column);
        }
        return String.join(",", columns);
    }

    static String named(String column) {
        if (column == null || column.isEmpty()) {
            return column;
        }
        if (!NAME.matcher(column).matches()) {
            throw new IllegalArgumentException("not a column name");
        }
        return column;
    }

    static String trimmed(String column) {
        if (column == null) {
            return "id";
        }
        return column.trim();
    }
}
