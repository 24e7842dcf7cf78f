// A mapper's `${…}` bound to a parameter (or a parameter's field) that the mapper interface declares
// as a number, date or id (src/engine/numeric-placeholders.ts) is left out; a string, a property of
// a class the scan does not hold, or a name a `<foreach>` may shadow keeps the finding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanProject } from '../helpers/scan-project.ts';

const MAPPER_JAVA = `package shop.dal;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import shop.domain.Reading;

public interface ReadingMapper {

    void createTable(@Param("sensorId") Long sensorId);

    List<Reading> byLabel(@Param("label") String label);

    void insert(Reading reading);

    List<Reading> copy(@Param("reading") Reading reading, @Param("ids") List<Long> ids);
}
`;
const BASE = `package shop.domain;

public abstract class BaseEntity {
    private Long id;
}
`;
const READING = `package shop.domain;

public class Reading extends BaseEntity {
    private Long sensorId;
    private String unit;
}
`;
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<mapper namespace="shop.dal.ReadingMapper">
${body}
</mapper>
`;
const STATEMENTS = `    <update id="createTable">
        CREATE TABLE reading_\${sensorId} (ts TIMESTAMP, v DOUBLE)
    </update>
    <select id="byLabel" resultType="shop.domain.Reading">
        SELECT * FROM reading_\${label}
    </select>
    <insert id="insert">
        INSERT INTO reading_\${sensorId} VALUES (#{ts}, #{value})
    </insert>
    <insert id="copy">
        INSERT INTO archive_\${reading.id} SELECT * FROM reading_\${reading.sensorId}
    </insert>`;
const project = (statements: string) => ({
  'pom.xml': '<project><artifactId>shop</artifactId></project>\n',
  'src/main/java/shop/dal/ReadingMapper.java': MAPPER_JAVA,
  'src/main/java/shop/domain/BaseEntity.java': BASE,
  'src/main/java/shop/domain/Reading.java': READING,
  'src/main/resources/mapper/ReadingMapper.xml': xml(statements),
});
const substitutions = async (files: Record<string, string>) =>
  (await scanProject(files)).filter((f) => f.ruleId === 'java.mybatis-xml-substitution').map((f) => f.snippet.trim());

test('placeholders bound to numeric parameters and fields are not reported; a string parameter is', async () => {
  assert.deepEqual(await substitutions(project(STATEMENTS)), ['SELECT * FROM reading_${label}']);
});

test('a string field, a field of a class the scan lacks, and a name a foreach may shadow keep the finding', async () => {
  assert.deepEqual(await substitutions(project(STATEMENTS.replace('reading_${sensorId} VALUES', 'reading_${unit} VALUES'))), [
    'SELECT * FROM reading_${label}',
    'INSERT INTO reading_${unit} VALUES (#{ts}, #{value})',
  ]);
  const withoutBase: Record<string, string> = project(STATEMENTS);
  delete withoutBase['src/main/java/shop/domain/BaseEntity.java'];
  assert.deepEqual(await substitutions(withoutBase), ['SELECT * FROM reading_${label}', 'INSERT INTO archive_${reading.id} SELECT * FROM reading_${reading.sensorId}']);
  const shadowed = STATEMENTS.replace(
    '        CREATE TABLE reading_${sensorId} (ts TIMESTAMP, v DOUBLE)',
    '        <foreach collection="names" item="sensorId">CREATE TABLE reading_${sensorId} (ts TIMESTAMP, v DOUBLE);</foreach>',
  );
  // Read over the whole file: the insert's `${sensorId}` is kept too.
  assert.deepEqual(await substitutions(project(shadowed)), [
    '<foreach collection="names" item="sensorId">CREATE TABLE reading_${sensorId} (ts TIMESTAMP, v DOUBLE);</foreach>',
    'SELECT * FROM reading_${label}',
    'INSERT INTO reading_${sensorId} VALUES (#{ts}, #{value})',
  ]);
});
