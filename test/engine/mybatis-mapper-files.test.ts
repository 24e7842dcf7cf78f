// java.mybatis-xml-substitution reads files named …Mapper.xml / …Dao.xml, but only a file whose root element
// is a MyBatis <mapper> holds statements: a code generator's template of the same name (its root another
// element, the generated Java or mapper text in a CDATA section) is filled in by the generator, never run.
// A rule's own test file must hold a ruleid, which such a template cannot: the cases are scanned here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanProject, findingLines } from '../helpers/scan-project.ts';

const daoTemplate = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator template: the DAO interface of an entity. -->
<template>
\t<name>dao</name>
\t<filePath>\${srcDir}/\${packagePath}/\${module}/dao</filePath>
\t<fileName>\${EntityName}Dao.java</fileName>
\t<content><![CDATA[
package \${basePackage}.\${module}.dao;
public interface \${EntityName}Dao extends BaseDao<\${EntityName}> {
}]]>
\t</content>
</template>
`;

const mapperTemplate = `<?xml version="1.0" encoding="utf-8"?>
<template>
\t<name>mapper</name>
\t<fileName>\${EntityName}Mapper.xml</fileName>
\t<content><![CDATA[
<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="\${basePackage}.\${module}.dao.\${EntityName}Mapper">
\t<select id="findAll" resultType="\${EntityName}">
\t\tselect * from \${tableName}
\t</select>
</mapper>]]>
\t</content>
</template>
`;

const mapper = `\uFEFF<?xml version="1.0" encoding="UTF-8" ?>
<!-- Orders. -->
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="com.example.OrderMapper">
  <select id="sorted" resultType="Order">
    select * from orders order by \${sort}
  </select>
</mapper>
`;

test('a generator template named …Dao.xml or …Mapper.xml is no MyBatis mapper; a mapper after a BOM, prolog and comment is', async () => {
  const findings = await scanProject({
    'src/main/resources/templates/gen/dao.xml': daoTemplate,
    'src/main/resources/templates/gen/EntityMapper.xml': mapperTemplate,
    'src/main/resources/mapper/OrderMapper.xml': mapper,
  });
  const mybatis = findings.filter((f) => f.ruleId === 'java.mybatis-xml-substitution');
  assert.deepEqual(mybatis.map((f) => f.file), ['src/main/resources/mapper/OrderMapper.xml']);
  assert.deepEqual(findingLines(mybatis, 'SQL_INJECTION'), [6]);
});
