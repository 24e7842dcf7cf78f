// MyBatis placeholders that a Spring AOP advice fills. The data-permission idiom of Spring admin
// frameworks (RuoYi and its many descendants) puts a SQL fragment into the query object's
// parameter map from an `@Aspect`: an advice `@Before("@annotation(dataScope)")` runs before every
// service method annotated `@DataScope`, overwrites whatever the request bound to
// `params.dataScope`, and writes the condition it builds from the signed-in user's roles; the
// mapper pastes it with `${params.dataScope}`. The mapper line rule reports every `${…}`, so it
// reports these too, though no request value reaches them.
//
// This needs the whole scanned tree (the aspect, the annotated services, the mapper), so it is
// judged per scan, after the files' results: a `${…}` finding in a mapper XML is left out when
// every placeholder on its line names a key that an `@Aspect` class writes into a map
// (`put("dataScope", …)`, or a `String` constant holding that key), and every Java call of its
// statement (by the statement's id) is made from a method carrying an annotation that advice is
// bound to, or calls a method carrying it. A statement called from anywhere else, or not called
// at all, stays reported: there the request's value is not replaced.
import { declarationsAround, declarationsOf, offsetOf, type FileDeclarations } from './project/declarations.ts';
import { mapperNamespace, PLACEHOLDER, statementsAt, withoutPlaceholders } from './project/mapper-xml.ts';
import type { Finding } from './types.ts';

/** What one of the project's aspects writes, and the annotations whose methods its advice runs before. */
interface Advice {
  /** `params.dataScope`: the map (named by its getter or variable) and the key, each cleared with a literal before it is filled. */
  keys: Set<string>;
  annotations: Set<string>;
}

/** `@Before("@annotation(dataScope)")`, `@Around("@annotation(com.acme.DataScope)")`. */
const POINTCUT = /@(?:Before|Around)\s*\(\s*(?:value\s*=\s*)?"[^"]*@annotation\(\s*([\w.$]+)\s*\)/;
/** `entity.getParams().put(DATA_SCOPE, "")`, `params.put("dataScope", sql)`: the map, the key, and a literal value. */
const MAP_WRITE = /(?:\.get([A-Z]\w*)\s*\(\s*\)|\b([a-z]\w*))\s*\.put\s*\(\s*(?:"(\w+)"|(?:[\w$]+\.)*([A-Z_][A-Z0-9_]*))\s*,\s*("(?:[^"\\\n]|\\.)*"\s*\))?/g;
/** A call through the bean's own proxy (`SpringUtils.getAopProxy(this)`, `AopContext.currentProxy()`): the advice runs. */
const OWN_PROXY = /\(\s*this\s*\)$|currentProxy\s*\(\s*\)$/;

export class AdvisedPlaceholders {
  private aspects: Advice[] | undefined;
  private readonly declarations = new Map<string, FileDeclarations | null>();
  /** Per annotation, per method name, the classes (and their bases) declaring a method of that name with the annotation. */
  private readonly carriers = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly texts: ReadonlyMap<string, { text: string }>) {}

  /** `findings` without the mapper placeholders an advice fills; the same array when none is. */
  filter(findings: Finding[]): Finding[] {
    return withoutPlaceholders(findings, (f) => this.filledByAdvice(f));
  }

  private filledByAdvice(finding: Finding): boolean {
    const text = this.texts.get(finding.file)?.text;
    if (text === undefined) return false;
    const line = text.split(/\r?\n/)[finding.line - 1] ?? '';
    // A key of a map property (`params.dataScope`): a top-level `${dataScope}` is a parameter the caller passes.
    const keys = [...line.matchAll(PLACEHOLDER)].map((m) => /^(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*\.[A-Za-z_]\w*)$/.exec(m[1]!)?.[1]);
    if (keys.length === 0) return false;
    const filling = this.readAspects().filter((a) => keys.every((k) => k !== undefined && a.keys.has(k)));
    if (filling.length === 0) return false;
    const annotations = [...new Set(filling.flatMap((a) => [...a.annotations]))];
    const statements = statementsAt(text, offsetOf(text, finding.line, 1));
    const mapper = mapperNamespace(text)?.name;
    return !!mapper && statements.length > 0 && statements.every((id) => this.calledOnlyWhenAdvised(id, mapper, annotations));
  }

  /** The keys and annotations of the project's `@Aspect` classes, one entry per class that has advice bound to an annotation. */
  private readAspects(): Advice[] {
    if (this.aspects) return this.aspects;
    const constants = new Map<string, string>();
    const aspects: { writes: { key: string; literal: boolean }[]; annotations: Set<string> }[] = [];
    for (const [path, { text }] of this.texts) {
      if (!path.endsWith('.java')) continue;
      for (const m of text.matchAll(/\bString\s+([A-Z_][A-Z0-9_]*)\s*=\s*"(\w+)"\s*;/g)) constants.set(m[1]!, m[2]!);
      if (!/@Aspect\b/.test(text)) continue;
      const file = this.declarationsIn(path);
      const advice = { writes: [] as { key: string; literal: boolean }[], annotations: new Set<string>() };
      for (const method of file?.declarations ?? []) {
        const pointcut = POINTCUT.exec(method.header);
        if (!pointcut) continue;
        const named = pointcut[1]!;
        // The advice's parameter of that name gives the annotation's type (`DataScope dataScope`).
        const type = named.includes('.') ? named.slice(named.lastIndexOf('.') + 1) : new RegExp(`([\\w$]+)\\s+${named}\\s*[,)]`).exec(method.header)?.[1];
        if (type) advice.annotations.add(type);
      }
      if (advice.annotations.size === 0) continue;
      for (const m of (file?.code ?? text).matchAll(MAP_WRITE)) {
        const map = m[1] ? m[1][0]!.toLowerCase() + m[1].slice(1) : m[2]!;
        advice.writes.push({ key: `${map}.${m[3] ?? `#${m[4]}`}`, literal: !!m[5] });
      }
      aspects.push(advice);
    }
    // A key written through a constant (`put(DATA_SCOPE, …)`) is the constant's value, wherever it is declared.
    const resolved = (key: string) => key.replace(/#(\w+)$/, (_, name: string) => constants.get(name) ?? '#');
    this.aspects = aspects.map((a) => {
      // Filled only where the advice also clears it with a literal (`put(DATA_SCOPE, "")`): a
      // condition that skips the filling would otherwise leave the request's value in place.
      const cleared = new Set(a.writes.filter((w) => w.literal).map((w) => resolved(w.key)));
      const keys = new Set(a.writes.filter((w) => !w.literal).map((w) => resolved(w.key)).filter((k) => cleared.has(k) && !k.endsWith('#')));
      return { keys, annotations: a.annotations };
    });
    return this.aspects;
  }

  private declarationsIn(path: string): FileDeclarations | undefined {
    let known = this.declarations.get(path);
    if (known === undefined) {
      known = declarationsOf(this.texts.get(path)!.text, 'java') ?? null;
      this.declarations.set(path, known);
    }
    return known ?? undefined;
  }

  /** Per method name, the classes declaring it with `annotation`, with those classes' bases (the interfaces callers hold them by). */
  private methodsCarrying(annotation: string): Map<string, Set<string>> {
    let methods = this.carriers.get(annotation);
    if (!methods) {
      methods = new Map();
      const written = new RegExp(`@(?:[\\w$]+\\.)*${annotation}\\b`);
      for (const [path, { text }] of this.texts) {
        if (!path.endsWith('.java') || !written.test(text)) continue;
        const file = this.declarationsIn(path);
        for (const d of file?.declarations ?? []) {
          if (d.kind !== 'method' || !written.test(d.modifiers)) continue;
          const owner = declarationsAround(file!, d.start).find((o) => o.kind === 'class');
          if (!owner) continue;
          const types = methods.get(d.name) ?? methods.set(d.name, new Set()).get(d.name)!;
          for (const t of [owner.name, ...owner.bases]) types.add(t);
        }
      }
      this.carriers.set(annotation, methods);
    }
    return methods;
  }

  /**
   * Every Java call of statement `id` of mapper interface `mapper` runs after one of the advice
   * bound to `annotations`, and there is one: it is made inside a method carrying the annotation,
   * or it calls such a method on a bean through Spring's proxy — a receiver declared with the type
   * of a class that declares the annotated method (or with one of its interfaces), or the bean's
   * own proxy (`getAopProxy(this)`). A call without a receiver or on `this` bypasses the proxy, and
   * one on the mapper (a field of its type, MyBatis-Plus's `baseMapper`) runs the statement directly.
   */
  private calledOnlyWhenAdvised(id: string, mapper: string, annotations: string[]): boolean {
    const annotated = new RegExp(`@(?:[\\w$]+\\.)*(?:${annotations.join('|')})\\b`);
    const carriers = new Set(annotations.flatMap((a) => [...(this.methodsCarrying(a).get(id) ?? [])]));
    const call = new RegExp(`(?:([\\w$]+(?:\\s*\\(\\s*(?:this)?\\s*\\))?)\\s*\\.\\s*)?(?<![\\w$])${id}\\s*\\(`, 'g');
    let calls = 0;
    for (const [path, { text }] of this.texts) {
      if (!path.endsWith('.java') || !text.includes(id)) continue;
      const file = this.declarationsIn(path);
      if (!file) return false;
      for (const m of file.code.matchAll(call)) {
        const around = declarationsAround(file, m.index);
        const method = around.find((d) => d.kind === 'method');
        // The declaration of the mapper method itself, or of a method of that name elsewhere (its header, or an interface's).
        if (!method || m.index < method.open) {
          if (method?.name === id || around[0]?.kind === 'class') continue;
          return false;
        }
        calls++;
        if (annotated.test(method.modifiers)) continue;
        const receiver = m[1];
        if (!receiver || receiver === 'this' || receiver === 'baseMapper' || /^getBaseMapper\s*\(/.test(receiver)) return false;
        const owner = around.find((d) => d.kind === 'class');
        const type = OWN_PROXY.test(receiver) ? owner?.name : new RegExp(`([\\w$]+)(?:<[^>]*>)?\\s+${receiver.replace(/\$/g, '\\$')}\\s*[;=,)]`).exec(file.code)?.[1];
        if (!type || type === mapper || !carriers.has(type)) return false;
      }
    }
    return calls > 0;
  }
}
