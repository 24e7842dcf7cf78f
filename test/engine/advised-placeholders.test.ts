// A mapper's `${params.dataScope}` that a Spring AOP advice fills before every annotated caller
// (src/engine/advised-placeholders.ts) is left out; a statement some other caller reaches, a key
// no aspect writes, or another placeholder on the line keeps the finding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanProject } from '../helpers/scan-project.ts';

const ASPECT = `package shop.framework;
import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.annotation.Before;
import org.springframework.stereotype.Component;
import shop.common.Filtered;
import shop.common.Entity;

@Aspect
@Component
public class RowFilterAspect {
    public static final String ROW_FILTER = "rowFilter";

    @Before("@annotation(filtered)")
    public void before(JoinPoint point, Filtered filtered) {
        Object arg = point.getArgs()[0];
        if (arg instanceof Entity) {
            Entity entity = (Entity) arg;
            entity.getParams().put(ROW_FILTER, "");
            entity.getParams().put(ROW_FILTER, " AND owner_id = " + currentUserId());
        }
    }

    private long currentUserId() { return 1L; }
}
`;
const SERVICE = `package shop.service;
import java.util.List;
import shop.common.Filtered;
import shop.domain.Order;
import shop.mapper.OrderMapper;

public class OrderService {
    private final OrderMapper orderMapper;

    public OrderService(OrderMapper orderMapper) { this.orderMapper = orderMapper; }

    @Filtered
    public List<Order> listOrders(Order query) {
        return orderMapper.listOrders(query);
    }
}
`;
const MAPPER_JAVA = `package shop.mapper;
import java.util.List;
import shop.domain.Order;

public interface OrderMapper {
    List<Order> listOrders(Order query);
    List<Order> exportOrders(Order query);
}
`;
const mapperXml = (filter: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="shop.mapper.OrderMapper">
    <select id="listOrders" resultType="shop.domain.Order">
        select * from orders where status = #{status}
        ${filter}
    </select>
</mapper>
`;
const files = (over: Record<string, string> = {}) => ({
  'pom.xml': '<project><artifactId>shop</artifactId></project>\n',
  'src/main/java/shop/framework/RowFilterAspect.java': ASPECT,
  'src/main/java/shop/service/OrderService.java': SERVICE,
  'src/main/java/shop/mapper/OrderMapper.java': MAPPER_JAVA,
  'src/main/resources/mapper/OrderMapper.xml': mapperXml('${params.rowFilter}'),
  ...over,
});
const substitutions = async (project: Record<string, string>) =>
  (await scanProject(project)).filter((f) => f.ruleId === 'java.mybatis-xml-substitution').map((f) => `${f.file}:${f.line}`);

const controller = (field: string, call: string) => `package shop.web;
import shop.domain.Order;

public class OrderController {
    private ${field};

    public Object list(Order query) {
        return ${call};
    }
}
`;

test('a placeholder whose key the advice of every caller writes is not reported', async () => {
  assert.deepEqual(await substitutions(files()), []);
  // A controller calling the annotated service method through the bean (Spring's proxy) runs the advice.
  assert.deepEqual(await substitutions(files({ 'src/main/java/shop/web/OrderController.java': controller('OrderService orderService', 'orderService.listOrders(query)') })), []);
});

test('a caller without the annotation, a key no aspect writes, or another placeholder keeps it', async () => {
  const expected = ['src/main/resources/mapper/OrderMapper.xml:6'];
  const unadvised = `package shop.web;
import shop.domain.Order;
import shop.mapper.OrderMapper;

public class ReportController {
    private OrderMapper orderMapper;

    public Object report(Order query) {
        return orderMapper.listOrders(query);
    }
}
`;
  assert.deepEqual(await substitutions(files({ 'src/main/java/shop/web/ReportController.java': unadvised })), expected);
  assert.deepEqual(await substitutions(files({ 'src/main/resources/mapper/OrderMapper.xml': mapperXml('${params.sortColumn}') })), expected);
  assert.deepEqual(await substitutions(files({ 'src/main/resources/mapper/OrderMapper.xml': mapperXml('${params.rowFilter} order by ${sort}') })), expected);
  // A top-level placeholder is a parameter the caller passes, not the map the advice fills.
  assert.deepEqual(await substitutions(files({ 'src/main/resources/mapper/OrderMapper.xml': mapperXml('${rowFilter}') })), expected);
  // An advice that fills the key only under a condition, without clearing it first, may leave the request's value.
  assert.deepEqual(await substitutions(files({ 'src/main/java/shop/framework/RowFilterAspect.java': ASPECT.replace('            entity.getParams().put(ROW_FILTER, "");\n', '') })), expected);
  // A call of the advised method from its own class bypasses the proxy, and the MyBatis-Plus base mapper is the mapper.
  const selfCall = SERVICE.replace('    @Filtered\n    public List<Order> listOrders', '    public List<Order> all(Order query) {\n        return listOrders(query);\n    }\n\n    @Filtered\n    public List<Order> listOrders');
  assert.deepEqual(await substitutions(files({ 'src/main/java/shop/service/OrderService.java': selfCall })), expected);
  const plusService =
    'package shop.service;\nimport java.util.List;\nimport shop.domain.Order;\nimport shop.mapper.OrderMapper;\n\npublic class OrderAdminService extends ServiceImpl<OrderMapper, Order> {\n    public List<Order> all(Order query) {\n        return baseMapper.listOrders(query);\n    }\n}\n';
  assert.deepEqual(await substitutions(files({ 'src/main/java/shop/service/OrderAdminService.java': plusService })), expected);
  // A method of the same name on another type is not the advised one.
  const reports = 'package shop.web;\nimport java.util.List;\nimport shop.domain.Order;\n\npublic class ReportService {\n    public List<Order> listOrders(Order q) {\n        return null;\n    }\n}\n';
  assert.deepEqual(
    await substitutions(files({ 'src/main/java/shop/web/ReportService.java': reports, 'src/main/java/shop/web/OrderController.java': controller('ReportService reports', 'reports.listOrders(query)') })),
    expected,
  );
  // Without the aspect, nothing replaces what the request bound to params.rowFilter.
  const withoutAspect: Record<string, string> = files();
  delete withoutAspect['src/main/java/shop/framework/RowFilterAspect.java'];
  assert.deepEqual(await substitutions(withoutAspect), expected);
});
