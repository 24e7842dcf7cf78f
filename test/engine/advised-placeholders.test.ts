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

test('a placeholder whose key the advice of the only caller writes is not reported', async () => {
  assert.deepEqual(await substitutions(files()), []);
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
  // Without the aspect, nothing replaces what the request bound to params.rowFilter.
  const withoutAspect: Record<string, string> = files();
  delete withoutAspect['src/main/java/shop/framework/RowFilterAspect.java'];
  assert.deepEqual(await substitutions(withoutAspect), expected);
});
