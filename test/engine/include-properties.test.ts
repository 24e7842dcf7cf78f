// A `${…}` in a mapper's `<sql>` fragment that every `<include>` of it fills with a `<property>` of
// fixed text (`<property name="alias" value="u"/>`) is replaced while MyBatis reads the mapper, before
// any statement runs: left out (src/engine/project/mapper-xml.ts). An include without the property, a
// value that is itself a placeholder, a fragment nothing includes and a statement's own `${…}` keep it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const mapper = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="crm.dal.ContactMapper">
${body}
</mapper>
`;
const scan = (body: string) => scanProject({ 'src/main/resources/mapper/ContactMapper.xml': mapper(body) });

test('a fragment whose every include sets the property to fixed text is the mapper\'s own text', async () => {
  const findings = await scan(`    <sql id="contactColumns">
        \${t}.id, \${t}.full_name, \${t}.email
    </sql>
    <select id="byTeam" resultType="crm.domain.Contact">
        SELECT <include refid="contactColumns"><property name="t" value="c"/></include>
        FROM contact c JOIN team_member m ON m.contact_id = c.id WHERE m.team_id = #{teamId}
    </select>
    <select id="byOwner" resultType="crm.domain.Contact">
        SELECT
        <include refid="crm.dal.ContactMapper.contactColumns">
            <property value="k" name="t"/>
        </include>
        FROM contact k WHERE k.owner_id = #{ownerId}
    </select>
    <select id="search" resultType="crm.domain.Contact">
        SELECT * FROM contact ORDER BY \${sortColumn}
    </select>`);
  assert.deepEqual(findingLines(findings, 'SQL_INJECTION'), [19]);
});

test('an include without the property, or passing a placeholder on, keeps the fragment\'s findings', async () => {
  const findings = await scan(`    <sql id="contactColumns">
        \${t}.id, \${t}.full_name
    </sql>
    <sql id="filtered">
        \${alias}.deleted = 0 AND \${alias}.tenant = \${tenant}
    </sql>
    <sql id="unused">
        \${u}.id
    </sql>
    <select id="byTeam" resultType="crm.domain.Contact">
        SELECT <include refid="contactColumns"><property name="t" value="c"/></include> FROM contact c
    </select>
    <select id="all" resultType="crm.domain.Contact">
        SELECT <include refid="contactColumns"/> FROM contact
    </select>
    <select id="live" resultType="crm.domain.Contact">
        SELECT * FROM contact c WHERE <include refid="filtered"><property name="alias" value="c"/></include>
    </select>
    <select id="nested" resultType="crm.domain.Contact">
        SELECT * FROM contact c WHERE <include refid="unused"><property name="u" value="\${column}"/></include>
    </select>`);
  assert.deepEqual(findingLines(findings, 'SQL_INJECTION'), [5, 8, 11, 23]);
});
