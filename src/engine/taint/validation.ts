// Parameters a validation framework checks before the handler runs. A Bean Validation constraint
// the project declares (`@interface Sort` carrying `@Constraint(validatedBy = SortValidator.class)`)
// on a handler's parameter (`@Sort @RequestParam String sort`) makes the framework call the
// validator's `isValid(value, context)` first and reject the request when it answers false. When
// every validator of the constraint is a predicate of its value (it answers true only past a
// check such as `ALLOWED.contains(value)`), the parameter is checked as that predicate checks it.
// Spring applies parameter constraints only in a handler or class marked for it (`@Validated`):
// without that mark the annotation checks nothing and the parameter stays a source. The language's
// `constraintValidation` vocabulary (rules/<language>/sources.yaml) names the annotations.
import type { Node } from 'web-tree-sitter';
import { decoratorName, decoratorsOf } from '../parse/syntax.ts';
import type { CompiledSanitizer, ConstraintValidation } from '../rules/load.ts';
import { predicateGuards } from './guards.ts';
import { enclosingClass } from './receivers.ts';
import type { CallResolver, ParsedFile, TaintRun } from './run.ts';

/** A constraint may name several validators (one per value type); more are not looked into. */
const MAX_VALIDATORS = 4;

/** Per scan: the guards of each declared constraint (by the file using it and its name), and the files they were read from. */
const constraintGuards = new WeakMap<CallResolver, Map<string, { guards: CompiledSanitizer[]; files: string[] }>>();

/** The guards the framework applies to this parameter before the handler runs (none when it checks nothing). */
export function validatedParameterGuards(run: TaintRun, param: Node, file: ParsedFile): CompiledSanitizer[] {
  const vocabulary = run.engine.constraintValidation;
  if (!vocabulary) return [];
  const syntax = file.syntax;
  const annotations = decoratorsOf(syntax, param).map(decoratorName);
  if (annotations.length === 0) return [];
  let handler: Node | null = param.parent;
  while (handler && !syntax.functions[handler.type]) handler = handler.parent;
  if (!handler || !enforced(vocabulary, file, handler)) return [];
  let memo = constraintGuards.get(run.resolver);
  if (!memo) constraintGuards.set(run.resolver, (memo = new Map()));
  const out: CompiledSanitizer[] = [];
  for (const annotation of annotations) {
    const name = annotation.split('.').pop()!;
    const key = `${file.path}:${name}`;
    let answer = memo.get(key);
    if (answer === undefined) {
      const files = new Set<string>();
      answer = { guards: readConstraintGuards(run, vocabulary, file, name, files), files: [...files] };
      memo.set(key, answer);
    }
    // The constraint and its validators live in other files: a change there changes this handler's findings.
    run.resolver.dependOn(answer.files);
    out.push(...answer.guards.filter((g) => !out.includes(g)));
  }
  return out;
}

/** Does the framework check this handler's parameters (`@Validated` on the handler or its class)? */
function enforced(vocabulary: ConstraintValidation, file: ParsedFile, handler: Node): boolean {
  const marked = (node: Node) => decoratorsOf(file.syntax, node).some((d) => vocabulary.enforcedBy.test(decoratorName(d)));
  if (marked(handler)) return true;
  const cls = enclosingClass(file.syntax, handler);
  return !!cls && marked(cls);
}

/** The guards every validator of the constraint `name` applies, or none when it is no declared constraint or one validator is no predicate. */
function readConstraintGuards(run: TaintRun, vocabulary: ConstraintValidation, from: ParsedFile, name: string, read: Set<string>): CompiledSanitizer[] {
  const validators: string[] = [];
  for (const declared of run.resolver.classDeclarations(from, name)) {
    read.add(declared.file.path);
    for (const meta of decoratorsOf(declared.file.syntax, declared.node)) {
      if (!vocabulary.constraint.test(decoratorName(meta))) continue;
      // `validatedBy = SortValidator.class`, `validatedBy = { A.class, B.class }`
      for (const m of meta.text.matchAll(/([A-Za-z_$][\w$]*)\s*\.\s*class\b/g)) validators.push(m[1]!);
    }
  }
  if (validators.length === 0 || validators.length > MAX_VALIDATORS) return [];
  let shared: CompiledSanitizer[] | undefined;
  for (const validator of validators) {
    const methods = run.resolver.classDeclarations(from, validator).flatMap((cls) => {
      read.add(cls.file.path);
      return validatorMethods(vocabulary, cls.file, cls.node).map((node) => ({ file: cls.file, node }));
    });
    if (methods.length === 0) return [];
    for (const method of methods) {
      const guards = predicateGuards(run, method);
      // What every validator checks is what the constraint guarantees.
      shared = shared ? shared.filter((g) => guards.includes(g)) : guards;
      if (shared.length === 0) return [];
    }
  }
  return shared ?? [];
}

/** The methods of a validator class that answer whether a value passes (`isValid`), with a body. */
function validatorMethods(vocabulary: ConstraintValidation, file: ParsedFile, cls: Node): Node[] {
  const syntax = file.syntax;
  return cls.descendantsOfType(Object.keys(syntax.functions)).filter((fn): fn is Node => {
    if (!fn || enclosingClass(syntax, fn)?.equals(cls) !== true) return false;
    const shape = syntax.functions[fn.type]!;
    const name = shape.name ? fn.childForFieldName(shape.name)?.text : undefined;
    return !!name && vocabulary.validatorMethod.test(name) && !!(shape.body && fn.childForFieldName(shape.body));
  });
}
