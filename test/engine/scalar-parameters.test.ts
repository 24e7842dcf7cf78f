// A parameter declared as a number, a truth value, a date or an id (Java `Long payId`, C# `Guid? id`) receives no
// text: the compiler converted or refused what the caller passed. The request's strands stop there, as at a cast;
// a String (or char) parameter passes them on, and a weak random number stays guessable in whatever it feeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanProject, findingLines } from '../helpers/scan-project.ts';

test('Java: a request value passed to a numeric, date or id parameter forges no log line; a String or char one does', async () => {
  const findings = await scanProject({
    'src/main/java/a/NotifyController.java': `package a;
import org.springframework.web.bind.annotation.*;
@RestController
public class NotifyController {
  private RefundService refunds;
  @PostMapping("/notify/refund")
  public void refunded(@RequestBody RefundNotice notice) {
    refunds.markRefunded(notice.getOrderId(), notice.getRefundId(), notice.getAt());
    refunds.note(notice.getReason(), notice.getMark());
  }
}
`,
    'src/main/java/a/RefundService.java': `package a;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
public class RefundService {
  private static final Logger log = LoggerFactory.getLogger(RefundService.class);
  public void markRefunded(String orderId, Long refundId, LocalDateTime at) {
    log.error("refund {} of order {} not found", refundId, orderId);
    check(refundId, List.of(refundId), at);
  }
  private void check(long id, List<Long> ids, LocalDateTime at) {
    log.warn("refund {} ({}) at {}", id, ids, at);
  }
  public void note(String reason, char mark) {
    log.warn("reason {}", reason);
    log.warn("mark {}", mark);
  }
}
`,
    'src/main/java/a/RefundNotice.java': `package a;
import java.time.LocalDateTime;
import lombok.Data;
@Data
public class RefundNotice {
  private String orderId;
  private Long refundId;
  private String reason;
  private char mark;
  private LocalDateTime at;
}
`,
  });
  const lines = (file: string) => findingLines(findings.filter((f) => f.file.endsWith(file)), 'LOG_INJECTION');
  // Line 9 logs the String orderId beside the Long; line 13 only numbers and a date; 16 and 17 the String and the char.
  assert.deepEqual(lines('RefundService.java'), [9, 16, 17]);
});

test('Java: a weak random number keeps its strand through an int parameter', async () => {
  const findings = await scanProject({
    'src/main/java/a/CodeController.java': `package a;
import java.util.Random;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.*;
@RestController
public class CodeController {
  @GetMapping("/code")
  public void code(HttpServletResponse response) {
    response.addCookie(new Cookie("code", digits(new Random().nextInt(1000000))));
  }
  private String digits(int n) { return String.format("%06d", n); }
}
`,
  });
  assert.deepEqual(findingLines(findings, 'WEAK_RANDOM'), [10]);
});

test('C#: a request value passed to an int, Guid or long parameter forges no log line; a string one does', async () => {
  const findings = await scanProject({
    'Controllers/OrdersController.cs': `using System;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
public class OrdersController : Controller
{
    private readonly ILogger<OrdersController> _logger;
    [HttpPost("orders/{id}/ship")]
    public IActionResult Ship(string id, string carrier, string when)
    {
        Record(int.Parse(id) > 0 ? int.Parse(id) : 0, Guid.Parse(id), carrier);
        Shipped(id);
        return Ok();
    }
    private void Record(int orderId, Guid? batch, string carrier)
    {
        _logger.LogWarning("order " + orderId + " batch " + batch);
        _logger.LogWarning("carrier " + carrier);
    }
    private void Shipped(long orderId) => _logger.LogWarning("shipped " + orderId);
}
`,
  });
  assert.deepEqual(findingLines(findings, 'LOG_INJECTION'), [17]);
});

test('Java: a getter of a field declared as a number (Lombok writes it) returns no text; one of a String field does', async () => {
  const findings = await scanProject({
    'src/main/java/a/RuleController.java': `package a;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.*;
@RestController
public class RuleController {
  private static final Logger log = LoggerFactory.getLogger(RuleController.class);
  @PostMapping("/rules")
  public void save(@RequestBody SceneRule rule) {
    log.info("rule {} enabled {}", rule.getId(), rule.isEnabled());
    log.info("rule {} priority {}", rule.getName(), rule.getPriority());
  }
}
`,
    'src/main/java/a/SceneRule.java': `package a;
import lombok.Data;
@Data
public class SceneRule {
    /** The rule's number. */
    @TableId(type = IdType.AUTO)
    private Long id;
    private String name;
    private boolean enabled;
    private Integer priority;
}
`,
  });
  // Line 10 logs a Long and a boolean; line 11 a String beside an Integer.
  assert.deepEqual(findingLines(findings, 'LOG_INJECTION'), [11]);
});

test('Java: a local declared as a number holds none of the text it was computed from; a String or var local does', async () => {
  const findings = await scanProject({
    'src/main/java/a/FlowController.java': `package a;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.*;
@RestController
public class FlowController {
  private static final Logger log = LoggerFactory.getLogger(FlowController.class);
  private FlowStore store;
  @PostMapping("/flows")
  public void save(@RequestParam String title, @RequestParam String body) {
    int revision = store.saveFlow(title, body);
    Long affected;
    affected = store.rename(title);
    log.info("saved revision {} ({} renamed)", revision, affected);
    String label = store.label(title);
    var copy = store.label(body);
    log.info("saved {} {}", label, copy);
  }
}
`,
  });
  assert.deepEqual(findingLines(findings, 'LOG_INJECTION'), [17]);
});

test('C#: a local declared as a number holds none of the text it was computed from; a string one does', async () => {
  const findings = await scanProject({
    'Controllers/FlowController.cs': `using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
[ApiController]
public class FlowController : ControllerBase {
    private readonly ILogger<FlowController> _logger;
    [HttpPost("/flows")]
    public IActionResult Save([FromForm] string title) {
        int dash = title.IndexOf("-");
        long parts;
        parts = title.Split(',').LongLength;
        _logger.LogInformation("title has a dash at " + dash + " and " + parts + " parts");
        string label = title.Substring(1);
        _logger.LogInformation("saved " + label);
        return Ok();
    }
}
`,
  });
  assert.deepEqual(findingLines(findings, 'LOG_INJECTION'), [13]);
});

test('Java: a request parameter of an enum the project declares is one of its constants; a class of that name is not', async () => {
  const findings = await scanProject({
    'src/main/java/a/JobController.java': `package a;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.*;
@RestController
public class JobController {
  private static final Logger log = LoggerFactory.getLogger(JobController.class);
  @PostMapping("/jobs/{id}/action")
  public void act(@PathVariable long id, @RequestParam("action") JobAction action, @RequestParam("note") JobNote note) {
    log.info("job {} action {}", id, action);
    log.info("job {} note {}", id, note);
  }
}
`,
    'src/main/java/a/JobAction.java': `package a;
public enum JobAction {
  START, PAUSE, STOP;
}
`,
    'src/main/java/a/JobNote.java': `package a;
public class JobNote {
  private String text;
  public JobNote(String text) { this.text = text; }
  public String toString() { return text; }
}
`,
  });
  assert.deepEqual(findingLines(findings, 'LOG_INJECTION'), [11]);
});

test('Java: a byte array parameter holds the caller’s bytes, not a number', async () => {
  const code = [
    'package demo;',
    '',
    'import java.util.Base64;',
    'import org.springframework.web.bind.annotation.PostMapping;',
    'import org.springframework.web.bind.annotation.RequestParam;',
    'import org.springframework.web.bind.annotation.RestController;',
    '',
    '@RestController',
    'public class PluginController extends ClassLoader {',
    '    Class<?> load(byte[] code) {',
    '        return defineClass(null, code, 0, code.length);',
    '    }',
    '',
    '    @PostMapping("/plugins")',
    '    public String install(@RequestParam String blob) {',
    '        return load(Base64.getDecoder().decode(blob)).getName();',
    '    }',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'src/main/java/demo/PluginController.java': code }), 'CODE_INJECTION'), [11]);
});
