// An object of a project class built from untrusted data holds that data in the fields its constructor stores it
// in (`this.firstName = f`), and a setter stores it the same way: a getter, a bare field read (`return firstName;`)
// or `toString()` built from the field gives it back; a field of another name or of a number type does not.
// A Java constructor without modifiers (package-private `Person(String f)`) is found as one with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const person = (constructorModifier: string) =>
  [
    'package demo;',
    '',
    'class Person {',
    '    private String firstName;',
    '    private int age;',
    '',
    `    ${constructorModifier}Person(String f) {`,
    '        this.firstName = f;',
    '    }',
    '',
    '    public String getFirstName() {',
    '        return firstName;',
    '    }',
    '',
    '    public void setFirstName(String f) {',
    '        this.firstName = f;',
    '    }',
    '',
    '    public int getAge() {',
    '        return age;',
    '    }',
    '',
    '    public String toString() {',
    '        return "Person [firstName=" + firstName + "]";',
    '    }',
    '}',
  ].join('\n');

/** A Spring REST controller of the package around its handlers' lines (the first of them is line 9). */
const restController = (name: string, handlers: string[]) =>
  [
    'package demo;',
    '',
    'import org.springframework.web.bind.annotation.RequestMapping;',
    'import org.springframework.web.bind.annotation.RequestParam;',
    'import org.springframework.web.bind.annotation.RestController;',
    '',
    '@RestController',
    `public class ${name} {`,
    ...handlers,
    '}',
  ].join('\n');

const controller = restController('PeopleController', [
  '    @RequestMapping("/getter")',
  '    public String getter(@RequestParam String firstName) {',
  '        Person p = new Person(firstName);',
  '        return "Person: " + p.getFirstName();',
  '    }',
  '',
  '    @RequestMapping("/text")',
  '    public String text(@RequestParam String firstName) {',
  '        return "Person: " + new Person(firstName).toString();',
  '    }',
  '',
  '    @RequestMapping("/number")',
  '    public String number(@RequestParam String firstName) {',
  '        Person p = new Person(firstName);',
  '        return "Age: " + p.getAge();',
  '    }',
]);

for (const modifier of ['public ', '']) {
  test(`Java: a field a ${modifier ? 'public' : 'package-private'} constructor stores comes back through a getter and toString()`, async () => {
    const files = { 'src/main/java/demo/Person.java': person(modifier), 'src/main/java/demo/PeopleController.java': controller };
    assert.deepEqual(findingLines(await scanProject(files), 'XSS'), [12, 17]);
  });
}

test('Java: a field a setter stores comes back through its getter', async () => {
  const setter = restController('ProfileController', [
    '    @RequestMapping("/rename")',
    '    public String rename(@RequestParam String firstName) {',
    '        Person p = new Person("fixed");',
    '        p.setFirstName(firstName);',
    '        return "Person: " + p.getFirstName();',
    '    }',
  ]);
  const files = { 'src/main/java/demo/Person.java': person('public '), 'src/main/java/demo/ProfileController.java': setter };
  assert.deepEqual(findingLines(await scanProject(files), 'XSS'), [13]);
});

test('C#: a field a constructor or setter stores comes back through a getter; a number field does not', async () => {
  const code = [
    'using Microsoft.AspNetCore.Mvc;',
    '',
    'namespace Demo.Controllers',
    '{',
    '    public class PeopleController : Controller',
    '    {',
    '        [HttpGet("/built")]',
    '        public ContentResult Built(string firstName)',
    '        {',
    '            var p = new Person(firstName);',
    '            return Content("<p>" + p.GetFirstName() + "</p>", "text/html");',
    '        }',
    '',
    '        [HttpGet("/set")]',
    '        public ContentResult Set(string firstName)',
    '        {',
    '            var p = new Person("fixed");',
    '            p.SetFirstName(firstName);',
    '            return Content("<p>" + p.GetFirstName() + "</p>", "text/html");',
    '        }',
    '',
    '        [HttpGet("/age")]',
    '        public ContentResult Age(string firstName)',
    '        {',
    '            var p = new Person(firstName);',
    '            return Content("<p>" + p.GetAge() + "</p>", "text/html");',
    '        }',
    '    }',
    '',
    '    public class Person',
    '    {',
    '        private string firstName;',
    '        private int age;',
    '',
    '        public Person(string f) { this.firstName = f; }',
    '',
    '        public string GetFirstName() { return firstName; }',
    '',
    '        public void SetFirstName(string f) { this.firstName = f; }',
    '',
    '        public int GetAge() { return age; }',
    '    }',
    '}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'Controllers/PeopleController.cs': code }), 'XSS'), [11, 19]);
});

test('Java: the constructor of a class another package declares is found through the import', async () => {
  const model = person('public ').replace('package demo;', 'package demo.model;').replace('class Person', 'public class Person');
  const files = {
    'src/main/java/demo/model/Person.java': model,
    'src/main/java/demo/web/PeopleController.java': controller.replace('package demo;', 'package demo.web;\n\nimport demo.model.Person;'),
  };
  assert.deepEqual(findingLines(await scanProject(files), 'XSS'), [14, 19]);
});
